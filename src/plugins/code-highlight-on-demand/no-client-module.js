// Stands in for the classic theme's `prism-include-languages` client module; the
// highlighted content (./Highlighted.tsx) registers the languages when code is shown.
export {};
