/**
 * Code colours: prism-react-renderer's GitHub (light) and Dracula (dark) themes, with the
 * token colours that fall short of 4.5:1 against the code background moved just far
 * enough towards black (light) or white (dark) to pass WCAG AA.
 */
import {themes, type PrismTheme} from 'prism-react-renderer';

/** Original colour → accessible colour; contrast against the theme's background in comments. */
type Recolour = Record<string, string>;

function recoloured(theme: PrismTheme, colours: Recolour): PrismTheme {
  return {
    ...theme,
    styles: theme.styles
      // Namespaces are drawn at 70 % opacity, which costs them their contrast.
      .filter(({types}) => !(types.length === 1 && types[0] === 'namespace'))
      .map((entry) => {
        const colour = entry.style.color;
        return colour && colours[colour]
          ? {...entry, style: {...entry.style, color: colours[colour]}}
          : entry;
      }),
  };
}

export const lightCodeTheme = recoloured(themes.github, {
  '#999988': '#717165', // comments: 2.71 → 4.63
  '#e3116c': '#da1068', // strings: 4.32 → 4.64
  '#36acaa': '#277c7a', // numbers, properties: 2.58 → 4.65
  '#00a4db': '#0079a2', // keywords, at-rules: 2.69 → 4.61
  '#d73a49': '#ce3846', // functions, tags: 4.30 → 4.60
});

export const darkCodeTheme = recoloured(themes.dracula, {
  'rgb(98, 114, 164)': '#8692b9', // comments: 3.03 → 4.65
  'rgb(255, 85, 85)': '#ff5858', // deleted: 4.53 → 4.61
});
