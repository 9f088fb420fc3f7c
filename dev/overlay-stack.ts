// `npm run dev` only: Astro's error overlay always shows its "Stack Trace" box, empty when an error has no stack. A
// content problem has none on purpose (content-error.ts: the mistake is in the file, not in our code), so for such an
// error the box is left out. The overlay is Vite's client module as Astro patches it; this patches the one line that
// fills the box, after Astro, and says so in the terminal if that line is ever not there.
import type { Plugin } from 'vite';

/** The overlay's line that fills the box, as Astro writes it. */
const FILL = 'this.text("#stack-content", err.stack);';
const HIDE = `if (err.stack) ${FILL} else this.root.querySelector("#stack")?.remove();`;

export function overlayWithoutEmptyStack(warn: (message: string) => void): Plugin {
  return {
    name: 'skribra:overlay-without-empty-stack',
    enforce: 'post',
    transform(code, id) {
      if (!/vite\/dist\/client\/client\.mjs/.test(id) || !code.includes('ErrorOverlay')) return undefined;
      if (!code.includes(FILL)) {
        warn("the error overlay's stack line changed: a content error shows an empty Stack Trace box");
        return undefined;
      }
      return code.replace(FILL, HIDE);
    },
  };
}
