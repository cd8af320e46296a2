/**
 * The site has no search (spec §2: "the search component renders nothing"). The classic
 * theme's default is already a no-op; this eject makes the choice explicit, so adding a
 * search plugin later does not silently change the navbar.
 */
export default function SearchBar(): null {
  return null;
}
