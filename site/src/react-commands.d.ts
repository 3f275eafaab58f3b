/** Invoker commands (a button that opens or closes a dialog without a script), which React's types do not list yet. */
import 'react';

declare module 'react' {
  // T: the name React's own declaration gives it, which a merged declaration must repeat.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
    commandfor?: string;
  }
}
