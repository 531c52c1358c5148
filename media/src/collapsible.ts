/**
 * Panels the user opens and closes (the filters, the NOTAMs, the profile, the crossings, the
 * legend): a <details> element whose state is kept in the webview state, so that a reload or a
 * hidden-then-shown tab opens them as the user left them.
 */
import { loadState, saveState } from './messaging';

export interface Collapsible {
  element: HTMLDetailsElement;
  /** Where the panel's content goes. */
  body: HTMLElement;
}

export function collapsible(id: string, title: string, openByDefault: boolean, onToggle?: () => void): Collapsible {
  const element = document.createElement('details');
  element.id = id;
  element.className = 'panel';
  element.open = loadState().panels?.[id] ?? openByDefault;
  const summary = document.createElement('summary');
  summary.textContent = title;
  const body = document.createElement('div');
  body.className = 'panel-body';
  element.append(summary, body);
  element.addEventListener('toggle', () => {
    // Setting `open` above fires a toggle too: only the user's changes are kept.
    if (element.open === (loadState().panels?.[id] ?? openByDefault)) return;
    saveState({ panels: { ...loadState().panels, [id]: element.open } });
    onToggle?.();
  });
  return { element, body };
}
