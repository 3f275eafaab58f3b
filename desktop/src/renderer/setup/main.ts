/**
 * The server-address page of the desktop app (first start, and "Server Address…" in the menu).
 * It talks only to `window.kafueSetup`; the main process checks GET /api/health, remembers the
 * address and opens the console.
 */
import { adminTitle } from '@kafue/common/brand';
import './setup.css';

const form = document.querySelector<HTMLFormElement>('#server-form')!;
const input = document.querySelector<HTMLInputElement>('#address')!;
const button = document.querySelector<HTMLButtonElement>('#connect')!;
const message = document.querySelector<HTMLParagraphElement>('#message')!;
const back = document.querySelector<HTMLAnchorElement>('#back')!;

document.title = `${adminTitle} – Server address`;

async function init(): Promise<void> {
  const setup = window.kafueSetup;
  if (!setup) {
    message.textContent = 'This page only works inside the Kafue Admin app.';
    button.disabled = true;
    return;
  }
  const { address, defaultAddress } = await setup.current();
  input.value = address ?? defaultAddress;
  back.hidden = address === null;
  input.focus();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void connect(setup);
  });
}

async function connect(setup: NonNullable<Window['kafueSetup']>): Promise<void> {
  button.disabled = true;
  button.textContent = 'Checking...';
  message.textContent = '';
  try {
    const result = await setup.save(input.value);
    if (!result.ok) message.textContent = result.message;
  } catch {
    message.textContent = 'Something went wrong. Please try again.';
  } finally {
    button.disabled = false;
    button.textContent = 'Connect';
  }
}

void init();
