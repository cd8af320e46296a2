/**
 * The highlighted code block content, for the client bundle: loaded on demand, so Prism
 * stays out of the chunks a page loads first. Render it inside a `<Suspense>`.
 */
import {lazy} from 'react';

export default lazy(() => import('./Highlighted'));
