/**
 * Runs a command's action once the palette has closed and given the focus back to where it was: the palette is a
 * modal dialog, which makes the page inert while it is open, so a focus() from inside `run` can be lost. Commands
 * that move the focus (a form's first field, a new row, a date picker) run their action through this.
 */
export const afterPalette = <T>(action: () => T): Promise<Awaited<T>> =>
  new Promise((resolve, reject) => {
    setTimeout(() => {
      Promise.resolve(action()).then(resolve, reject);
    }, 0);
  });
