// Stands in for the classic theme's `prism-include-languages` client module; the
// CodeBlock wrapper (src/theme/CodeBlock) registers the languages when code is shown.
export {};
