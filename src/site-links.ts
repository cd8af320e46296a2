/** The three right-hand navbar links (spec §2, shared screen behaviour). */
export const links = [
  {
    href: 'https://github.com/SkipLabs/skip',
    label: 'Skip on GitHub',
    className: 'navbar-icon-link--github',
  },
  {
    href: 'https://www.linkedin.com/company/skiplabs/',
    label: 'SkipLabs on LinkedIn',
    className: 'navbar-icon-link--linkedin',
  },
  {
    href: 'https://discord.gg/4dMEBA46mE',
    label: 'Skip community on Discord',
    className: 'navbar-icon-link--discord',
  },
] as const;
