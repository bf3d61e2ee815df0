// A package's reference was once one page with all its modules: an address such as
// reference/marvin/#pirate_rules.marvin.game.MarvinGame.push, kept in a bookmark or
// another site, now opens the module's own page at the same object. The overview
// includes this script at its end, with the prefix of the modules' names; a module is
// one that the overview links to ("game/"), so the list lives in the page alone.
(() => {
  const prefix = document.currentScript.dataset.prefix;
  const move = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id.startsWith(prefix) || document.getElementById(id)) return;
    const module = id.slice(prefix.length).split(".")[0];
    if (document.querySelector(`article a[href="${CSS.escape(module)}/"]`)) {
      location.replace(`${module}/#${encodeURIComponent(id)}`);
    }
  };
  move();
  addEventListener("hashchange", move);
})();
