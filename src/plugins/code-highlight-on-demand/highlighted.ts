/**
 * The highlighted code block content, for the server bundle: imported as is, so every
 * block is rendered highlighted into the HTML. The client bundle gets
 * ./highlighted.client.ts in its place (see ./index.ts).
 */
export {default} from './Highlighted';
