/**
 * Drives the VS Code workbench (code-server in Chromium) the way a user does: quick open, the
 * Problems panel, hovers, the Outline view, quick fixes, output channels. Every wait is on a
 * condition with a deadline; nothing sleeps for a fixed time.
 *
 * Lines and columns in this API are one-based, as VS Code shows them ("Ln 4, Col 11").
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Problem {
  file: string;
  severity: Severity;
  message: string;
  /** The diagnostic code as the panel shows it, without the source. */
  code: string;
  source: string;
  line: number;
  column: number;
}

export interface Squiggle {
  severity: Severity;
  line: number;
  /** One-based, end exclusive, like VS Code's columns. */
  startColumn: number;
  endColumn: number;
}

export interface Token {
  text: string;
  className: string;
  color: string;
  fontStyle: string;
}

const EDITOR = '.part.editor .editor-instance .monaco-editor';
const QUICK_FIX_MENU = '.action-widget:not(.action-list-submenu-panel)';
const ACTIVE_EDITOR = `.part.editor .editor-group-container.active ${EDITOR.replace('.part.editor ', '')}`;

export class Workbench {
  private step = 0;

  constructor(
    readonly page: Page,
    readonly screenshotDir: string,
    /** The code-server's profile, whose `logs` folder holds what its extension hosts write. */
    readonly userDataDir: string,
  ) {
    mkdirSync(screenshotDir, { recursive: true });
  }

  /** Polls `probe` until it returns something truthy; the error names `what` and the last value. */
  async until<T>(probe: () => Promise<T | undefined | false | null>, what: string, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await probe();
        if (value) return value;
        last = value;
      } catch (error) {
        last = error instanceof Error ? error.message : error;
      }
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
      await this.page.waitForTimeout(150);
    }
  }

  async screenshot(name: string): Promise<string> {
    this.step += 1;
    const file = path.join(this.screenshotDir, `${String(this.step).padStart(2, '0')}-${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** A screenshot under a fixed name (e.g. the one the README shows), beside the numbered ones. */
  async screenshotAs(fileName: string): Promise<string> {
    const file = path.join(path.dirname(this.screenshotDir), fileName);
    await this.page.screenshot({ path: file });
    return file;
  }

  async waitForWorkbench(): Promise<void> {
    await this.page.waitForSelector('.monaco-workbench', { timeout: 90_000 });
    await this.page.waitForSelector('#status\\.problems', { timeout: 90_000 });
  }

  // -----------------------------------------------------------------------------------------
  // Commands and files

  /**
   * Runs a command by its label from the command palette (e.g. "View: Toggle Outline").
   * `opensPicker`: the command shows a quick pick of its own, so the palette stays open.
   */
  async runCommand(label: string, { opensPicker = false } = {}): Promise<void> {
    await this.dismiss();
    await this.page.keyboard.press('Control+Shift+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${label}`);
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
    await row.waitFor({ state: 'visible' });
    await row.click();
    await this.restMouse();
    if (!opensPicker) await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  /** Opens a workspace file by name with quick open and waits until its editor is active. */
  async openFile(name: string): Promise<void> {
    await this.dismiss();
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(name);
    // Enter only once the list has filtered down to the file (it first shows recent files).
    const row = this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first();
    await row.waitFor({ state: 'visible' });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.part.editor .tab.active', { hasText: name }).waitFor({ state: 'visible' });
    await this.page.locator(`${ACTIVE_EDITOR} .view-line`).first().waitFor({ state: 'visible' });
  }

  /** Runs a command that asks for a value in an input box, and answers it. */
  async answerInputCommand(label: string, value: string): Promise<void> {
    await this.runCommand(label, { opensPicker: true });
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(value);
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  /** The text of a notification toast that matches, once it shows. */
  async notification(text: RegExp): Promise<string> {
    const toast = this.page.locator('.notification-toast', { hasText: text }).first();
    await toast.waitFor({ state: 'visible' });
    return (await toast.innerText()).trim();
  }

  /**
   * The page inside the active webview (the map, the extension's details…): VS Code wraps it in
   * `iframe.webview` whose inner `#active-frame` holds the content.
   */
  webview(): FrameLocator {
    return this.page
      .locator('iframe.webview.ready')
      .last()
      .contentFrame()
      .locator('iframe#active-frame')
      .contentFrame();
  }

  /** Closes every editor, then opens `name`: the status bar's counts are then this file's alone. */
  async openAlone(name: string): Promise<void> {
    await this.runCommand('View: Close All Editors');
    await this.page.locator('.part.editor .tab').first().waitFor({ state: 'detached' });
    await this.openFile(name);
  }

  /** The language mode shown in the status bar for the active editor (e.g. "ICAO Route"). */
  async languageMode(): Promise<string> {
    return (await this.page.locator('#status\\.editor\\.mode').innerText()).trim();
  }

  /** Closes hovers, widgets and quick inputs. */
  async dismiss(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.restMouse();
  }

  /** Parks the mouse on the empty part of the title bar, where nothing shows a tooltip. */
  async restMouse(): Promise<void> {
    const width = this.page.viewportSize()?.width ?? 1500;
    await this.page.mouse.move(Math.round(width * 0.75), 12);
  }

  /** Moves the cursor to a line (and column) with "Go to Line", so the line is rendered. */
  async goTo(line: number, column = 1): Promise<void> {
    await this.dismiss();
    await this.page.keyboard.press('Control+G');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`:${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await this.until(async () => (await this.cursor()).line === line, `cursor on line ${line}`);
  }

  /** The cursor position from the status bar ("Ln 4, Col 11"). */
  async cursor(): Promise<{ line: number; column: number }> {
    const text = await this.page.locator('#status\\.editor\\.selection').innerText();
    const m = /Ln (\d+), Col (\d+)/.exec(text);
    if (!m) throw new Error(`no cursor position in the status bar: ${text}`);
    return { line: Number(m[1]), column: Number(m[2]) };
  }

  // -----------------------------------------------------------------------------------------
  // Problems

  /** The counts in the status bar's Problems item. */
  async problemCounts(): Promise<{ errors: number; warnings: number; infos: number }> {
    return this.page.locator('#status\\.problems').evaluate((item) => {
      const counts = { errors: 0, warnings: 0, infos: 0 };
      const icons = Array.from(item.querySelectorAll('.codicon'));
      for (const icon of icons) {
        // The count is the text right after the icon.
        let text = '';
        for (
          let n = icon.nextSibling;
          n && !(n instanceof Element && n.classList.contains('codicon'));
          n = n.nextSibling
        ) {
          text += n.textContent ?? '';
        }
        const value = Number(text.trim() || 0);
        if (icon.classList.contains('codicon-error')) counts.errors = value;
        else if (icon.classList.contains('codicon-warning')) counts.warnings = value;
        else if (icon.classList.contains('codicon-info')) counts.infos = value;
      }
      return counts;
    });
  }

  /** Text and accessible label (the tooltip) of the status bar item whose text matches. */
  async statusItem(text: RegExp): Promise<{ text: string; label: string } | undefined> {
    const item = this.page.locator('.statusbar-item', { hasText: text }).first();
    if (!(await item.isVisible())) return undefined;
    return {
      text: (await item.innerText()).trim(),
      label:
        (await item
          .locator('a')
          .first()
          .getAttribute('aria-label')
          .catch(() => null)) ??
        (await item.getAttribute('aria-label')) ??
        '',
    };
  }

  /** Hovers a status bar item so that its tooltip shows (for a screenshot); returns the tooltip text. */
  async statusTooltip(text: RegExp): Promise<string> {
    await this.page.locator('.statusbar-item', { hasText: text }).first().hover();
    const hover = this.page.locator('.workbench-hover, .monaco-hover:not(.hidden)').last();
    await hover.waitFor({ state: 'visible' });
    return (await hover.innerText()).trim();
  }

  async showProblems(): Promise<void> {
    if (!(await this.page.locator('.markers-panel').isVisible())) {
      await this.runCommand('View: Focus Problems');
    }
    await this.page.locator('.markers-panel').waitFor({ state: 'visible' });
  }

  async closePanel(): Promise<void> {
    if (await this.page.locator('.part.panel').isVisible()) await this.runCommand('View: Hide Panel');
    await this.page.locator('.part.panel').waitFor({ state: 'hidden' });
  }

  /**
   * Every row of the Problems panel, walked with the keyboard so that rows outside the visible
   * part of the list are rendered too.
   */
  async problems(): Promise<Problem[]> {
    await this.showProblems();
    const tree = this.page.locator('.markers-panel .monaco-list');
    await tree.focus();
    await this.page.keyboard.press('Home');
    const problems: Problem[] = [];
    let file = '';
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const row = await tree.evaluate((list) => {
        const focused = list.querySelector('.monaco-list-row.focused');
        if (!focused) return undefined;
        const text = (sel: string) => focused.querySelector(sel)?.textContent?.trim() ?? '';
        const icon = focused.querySelector('.marker-icon');
        return {
          index: focused.getAttribute('data-index') ?? '',
          level: Number(focused.getAttribute('aria-level') ?? 0),
          label: text('.label-name'),
          severity: icon
            ? (['error', 'warning', 'info', 'hint'].find((s) => icon.classList.contains(s)) ?? 'hint')
            : '',
          message: text('.marker-message'),
          source: text('.marker-source'),
          code: text('.marker-code'),
          position: text('.marker-line'),
          last: focused.getAttribute('data-last-element') === 'true',
        };
      });
      if (!row || seen.has(row.index)) break;
      seen.add(row.index);
      if (row.level === 1) file = row.label;
      else if (row.severity) {
        const m = /Ln (\d+), Col (\d+)/.exec(row.position);
        problems.push({
          file,
          severity: row.severity as Severity,
          message: row.message,
          source: row.source,
          code: row.code,
          line: m ? Number(m[1]) : 0,
          column: m ? Number(m[2]) : 0,
        });
      }
      if (row.last) break;
      await this.page.keyboard.press('ArrowDown');
    }
    return problems;
  }

  /** The squiggles drawn on one line of the active editor, with columns from their geometry. */
  async squiggles(line: number): Promise<Squiggle[]> {
    await this.revealLine(line);
    return this.page.locator(ACTIVE_EDITOR).evaluate((editor, line) => {
      const lineTop = lineTopOf(editor, line);
      const charWidth = measureCharWidth(editor);
      const result: { severity: string; line: number; startColumn: number; endColumn: number }[] = [];
      for (const el of Array.from(editor.querySelectorAll('.view-overlays [class*="squiggly-"]')) as HTMLElement[]) {
        if (el.parentElement?.style.top !== lineTop) continue;
        const severity = /squiggly-(error|warning|info|hint)/.exec(el.className)?.[1] ?? 'unknown';
        const left = parseFloat(el.style.left);
        const width = parseFloat(el.style.width);
        result.push({
          severity,
          line,
          startColumn: Math.round(left / charWidth) + 1,
          endColumn: Math.round((left + width) / charWidth) + 1,
        });
      }
      return result.sort((a, b) => a.startColumn - b.startColumn);

      function lineTopOf(root: Element, n: number): string {
        for (const num of Array.from(root.querySelectorAll('.margin-view-overlays .line-numbers'))) {
          if (num.textContent?.trim() === String(n)) return (num.parentElement as HTMLElement).style.top;
        }
        throw new Error(`line ${n} is not rendered`);
      }
      function measureCharWidth(root: Element): number {
        let best: HTMLElement | undefined;
        for (const l of Array.from(root.querySelectorAll('.view-lines .view-line')) as HTMLElement[]) {
          if ((l.textContent?.length ?? 0) > (best?.textContent?.length ?? 0)) best = l;
        }
        const span = best?.firstElementChild as HTMLElement | undefined;
        if (!span || !span.textContent) throw new Error('no text rendered to measure');
        return span.getBoundingClientRect().width / span.textContent.length;
      }
    }, line) as Promise<Squiggle[]>;
  }

  /** Line numbers the active editor shows, in order (folded lines are missing). */
  async visibleLineNumbers(): Promise<number[]> {
    const numbers = await this.page
      .locator(`${ACTIVE_EDITOR} .margin-view-overlays .line-numbers`)
      .evaluateAll((nums) => nums.map((n) => Number(n.textContent?.trim())).filter((n) => n > 0));
    return numbers.sort((a, b) => a - b);
  }

  /** Makes sure a line of the active editor is rendered and wholly inside the editor's viewport. */
  async revealLine(line: number): Promise<void> {
    const visible = await this.page.locator(ACTIVE_EDITOR).evaluate((editor, n) => {
      const box = editor.getBoundingClientRect();
      return Array.from(editor.querySelectorAll('.margin-view-overlays .line-numbers')).some((x) => {
        if (x.textContent?.trim() !== String(n)) return false;
        const r = x.getBoundingClientRect();
        return r.top >= box.top && r.bottom <= box.bottom;
      });
    }, line);
    if (!visible) await this.goTo(line);
  }

  // -----------------------------------------------------------------------------------------
  // Text positions, hovers, tokens

  /** Screen centre of the `occurrence`-th `text` on a line of the active editor. */
  async positionOf(line: number, text: string, occurrence = 0): Promise<{ x: number; y: number; column: number }> {
    await this.revealLine(line);
    return this.page.locator(ACTIVE_EDITOR).evaluate(
      (editor, { line, text, occurrence }) => {
        let top = '';
        for (const num of Array.from(editor.querySelectorAll('.margin-view-overlays .line-numbers'))) {
          if (num.textContent?.trim() === String(line)) top = (num.parentElement as HTMLElement).style.top;
        }
        const view = (Array.from(editor.querySelectorAll('.view-lines .view-line')) as HTMLElement[]).find(
          (l) => l.style.top === top,
        );
        if (!top || !view) throw new Error(`line ${line} is not rendered`);
        const content = (view.textContent ?? '').replace(/\u00a0/g, ' ');
        let index = -1;
        for (let i = 0; i <= occurrence; i++) index = content.indexOf(text, index + 1);
        if (index < 0) throw new Error(`"${text}" not found on line ${line}: ${content}`);
        // A DOM range over the characters gives their box on screen.
        const range = document.createRange();
        const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
        let offset = 0;
        let startSet = false;
        const end = index + text.length;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (!startSet && index < offset + length) {
            range.setStart(node, index - offset);
            startSet = true;
          }
          if (startSet && end <= offset + length) {
            range.setEnd(node, end - offset);
            break;
          }
          offset += length;
        }
        const box = range.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2, column: index + 1 };
      },
      { line, text, occurrence },
    );
  }

  /** Hovers `text` on a line and returns the hover's text once it has settled. */
  async hover(line: number, text: string, occurrence = 0): Promise<string> {
    const hover = this.page.locator('.monaco-editor .monaco-hover:not(.hidden) .monaco-hover-content').first();
    for (let attempt = 1; ; attempt++) {
      await this.dismiss();
      await hover.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
      const { x, y } = await this.positionOf(line, text, occurrence);
      // Two moves inside the word: the editor shows a hover after the mouse rests on it.
      await this.page.mouse.move(x - 1, y);
      await this.page.mouse.move(x, y);
      // A hover fills in as providers answer ("Loading..." first): wait until two reads agree.
      let previous = '';
      let shown: string;
      try {
        shown = await this.until(
          async () => {
            if (!(await hover.isVisible())) return undefined;
            const now = (await hover.innerText()).trim();
            const stable = now && now === previous && !/^Loading\.\.\.$/.test(now);
            previous = now;
            return stable ? now : undefined;
          },
          `a hover over "${text}" on line ${line}`,
          8000,
        );
      } catch (error) {
        if (attempt >= 3) throw error;
        continue;
      }
      // A line that moved between measuring and moving (a code lens drawn above it) puts the mouse
      // on another line: a hover that does not name the word is measured again. The last attempt's
      // hover is returned as it is, for the step's own assertion to judge.
      if (attempt >= 3 || shown.toUpperCase().includes(text.toUpperCase())) return shown;
    }
  }

  /** The rendered token (span) that holds `text` on a line, with its computed colour. */
  async token(line: number, text: string, occurrence = 0): Promise<Token> {
    const { x, y } = await this.positionOf(line, text, occurrence);
    return this.page.evaluate(
      ({ x, y }) => {
        const el = document.elementFromPoint(x, y) as HTMLElement | null;
        const span = el?.closest('.view-line > span > span') as HTMLElement | null;
        if (!span) throw new Error(`no token span at ${x},${y}`);
        const style = getComputedStyle(span);
        return {
          text: span.textContent ?? '',
          className: span.className,
          color: style.color,
          fontStyle: style.fontStyle,
        };
      },
      { x, y },
    );
  }

  /** TextMate scopes of the token under `text`, from "Developer: Inspect Editor Tokens and Scopes". */
  async tokenScopes(line: number, text: string, occurrence = 0): Promise<string> {
    const { column } = await this.positionOf(line, text, occurrence);
    await this.goTo(line, column);
    await this.runCommand('Developer: Inspect Editor Tokens and Scopes');
    const widget = this.page.locator('.token-inspect-widget');
    await widget.waitFor({ state: 'visible' });
    const scopes = await this.until(async () => {
      const t = await widget.innerText();
      return /textmate scopes/i.test(t) ? t : undefined;
    }, 'the token inspector');
    await this.dismiss();
    return scopes;
  }

  // -----------------------------------------------------------------------------------------
  // Outline, quick fixes, output

  /** The Outline view's rows as "indent + label" (two spaces per level), walked with the keyboard. */
  async outline(): Promise<string[]> {
    await this.runCommand('Explorer: Focus on Outline View');
    // The folder section gives its height to the outline (and the screenshot shows all of it).
    const folders = this.page
      .locator('.explorer-viewlet .pane-header[aria-expanded="true"]', { hasText: /.+/ })
      .first();
    const outlineHeader = this.page.locator('.explorer-viewlet .pane-header', { hasText: 'Outline' });
    if ((await folders.count()) && !(await folders.textContent())?.includes('Outline')) {
      await folders.click();
      await this.restMouse();
    }
    await outlineHeader.waitFor({ state: 'visible' });
    const tree = this.page.locator('.outline-pane .monaco-list').first();
    await tree.waitFor({ state: 'visible' });
    await this.until(async () => (await tree.locator('.monaco-list-row').count()) > 0, 'outline rows');
    const rows = await this.walkList(tree);
    await this.dismiss();
    return rows.map((r) => `${'  '.repeat(r.level - 1)}${r.label}`);
  }

  /**
   * Every row of a (virtualised) list or tree: focus it, press Home, then ArrowDown until the
   * last row, reading the focused row each time.
   */
  async walkList(list: Locator): Promise<{ level: number; label: string; detail: string }[]> {
    await list.focus();
    await this.page.keyboard.press('Home');
    const rows: { level: number; label: string; detail: string }[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const row = await list.evaluate((el) => {
        const focused = el.querySelector('.monaco-list-row.focused');
        if (!focused) return undefined;
        return {
          index: focused.getAttribute('data-index') ?? '',
          level: Number(focused.getAttribute('aria-level') ?? 1),
          label: focused.querySelector('.label-name')?.textContent?.trim() ?? '',
          detail: focused.querySelector('.label-description')?.textContent?.trim() ?? '',
          last: focused.getAttribute('data-last-element') === 'true',
        };
      });
      if (!row || seen.has(row.index)) break;
      seen.add(row.index);
      rows.push({ level: row.level, label: row.label, detail: row.detail });
      if (row.last) break;
      await this.page.keyboard.press('ArrowDown');
    }
    return rows;
  }

  /** Opens the quick-fix menu at `text` on a line and returns the offered titles ([] when none). */
  async quickFixes(line: number, text: string, occurrence = 0): Promise<string[]> {
    const { column } = await this.positionOf(line, text, occurrence);
    const menu = this.page.locator(QUICK_FIX_MENU);
    const none = this.page.locator('.monaco-editor-overlaymessage', {
      hasText: /No (quick fixes|code actions) available/,
    });
    // A keystroke can land while the editor is still taking focus: ask again when nothing shows.
    for (let attempt = 1; ; attempt++) {
      await this.goTo(line, column);
      await this.page.keyboard.press('Control+.');
      try {
        return await this.until(
          async () => {
            if (await none.isVisible()) return [] as string[];
            if (!(await menu.isVisible())) return undefined;
            const titles = await menu.locator('.monaco-list-row.action').allInnerTexts();
            return titles.length ? titles.map((t) => t.trim()) : undefined;
          },
          `the quick-fix menu at "${text}" on line ${line}`,
          6000,
        );
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /**
   * Opens the suggestion list at a position (Ctrl+Space) and returns its rows, each as
   * `{ label, text }` (`text`: the row as shown, with the detail when the editor shows it).
   * The list stays open, so the caller can accept an item with Enter or close it with Escape.
   */
  async suggestions(line: number, column: number): Promise<{ label: string; text: string }[]> {
    const widget = this.page.locator(`${ACTIVE_EDITOR} .suggest-widget.visible`);
    for (let attempt = 1; ; attempt++) {
      await this.goTo(line, column);
      await this.page.keyboard.press('Control+Space');
      try {
        return await this.until(
          async () => {
            if (!(await widget.isVisible())) return undefined;
            const rows = widget.locator('.monaco-list-row');
            const count = await rows.count();
            if (count === 0) return undefined;
            const items: { label: string; text: string }[] = [];
            for (let i = 0; i < count; i++) {
              const row = rows.nth(i);
              const label = ((await row.locator('.label-name').first().textContent()) ?? '').trim();
              items.push({ label, text: ((await row.textContent()) ?? '').replace(/\u00a0/g, ' ').trim() });
            }
            return items;
          },
          `the suggestion list at line ${line}, column ${column}`,
          8000,
        );
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** Applies the quick fix whose title contains `title` (the menu must be open). */
  async applyQuickFix(title: string): Promise<void> {
    const item = this.page.locator(`${QUICK_FIX_MENU} .monaco-list-row.action`, { hasText: title }).first();
    await item.click();
    await this.restMouse();
    await this.page.locator(QUICK_FIX_MENU).waitFor({ state: 'hidden' });
  }

  /** Types `text` at a position of the active editor (widgets it opens are closed again). */
  async typeAt(line: number, column: number, text: string): Promise<void> {
    await this.goTo(line, column);
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Escape');
  }

  /**
   * Replaces `length` characters from a position with `text`, and returns once the editor shows
   * the line with it. The keys are sent before the editor paints what they typed: at load 4-5 a
   * read right after still found the line as it was (flight, run n-6), though the edit was made.
   */
  async replaceAt(line: number, column: number, length: number, text: string): Promise<void> {
    const before = await this.lineText(line);
    const after = before.slice(0, column - 1) + text + before.slice(column - 1 + length);
    await this.goTo(line, column);
    for (let i = 0; i < length; i++) await this.page.keyboard.press('Shift+ArrowRight');
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Escape');
    await this.until(async () => (await this.lineText(line)) === after || undefined, `line ${line} to read ${after}`);
  }

  /** Undoes until `line` reads `expected` again (an edit may take several undo steps). */
  async undoUntil(line: number, expected: string): Promise<void> {
    for (let i = 0; i < 10; i++) {
      const before = await this.lineText(line);
      if (before === expected) return;
      await this.page.keyboard.press('Control+Z');
      // Each undo is rendered before the next one is asked for.
      await this.until(async () => (await this.lineText(line)) !== before, `undo on line ${line}`, 3000).catch(
        () => undefined,
      );
    }
    const now = await this.lineText(line);
    if (now !== expected) throw new Error(`undo did not restore line ${line}: ${now}`);
  }

  /** Text of one line of the active editor. */
  async lineText(line: number): Promise<string> {
    await this.revealLine(line);
    return this.page.locator(ACTIVE_EDITOR).evaluate((editor, line) => {
      for (const num of Array.from(editor.querySelectorAll('.margin-view-overlays .line-numbers'))) {
        if (num.textContent?.trim() !== String(line)) continue;
        const top = (num.parentElement as HTMLElement).style.top;
        const view = (Array.from(editor.querySelectorAll('.view-lines .view-line')) as HTMLElement[]).find(
          (l) => l.style.top === top,
        );
        return (view?.textContent ?? '').replace(/\u00a0/g, ' ');
      }
      throw new Error(`line ${line} is not rendered`);
    }, line);
  }

  /**
   * The ICAO Route output channel once it reports the language server. 60 s: the window's first
   * extension host starts the extension and its server, which at load 22-28 (a second full test
   * run beside this one) took over the default 20 s, the channel's picker slow to list it.
   */
  async languageServerOutput(): Promise<string> {
    return this.until(
      async () => {
        const text = await this.outputChannel('ICAO Route');
        return /language server/i.test(text) ? text : undefined;
      },
      'the ICAO Route output channel to report the server',
      60_000,
    );
  }

  /**
   * Shows an output channel in the panel and returns its whole text: the log file this window's
   * extension host writes for it, which is what the Output view shows. The panel renders only the
   * lines in view (some 15), so a line read from the panel scrolls out as soon as later ones are
   * logged (run r-4: the credentials' line went out 14 hub calls later), and a secret checked
   * there is checked in those lines only. Fails within a few seconds when the channel does not
   * exist (yet), so callers can poll.
   */
  async outputChannel(name: string): Promise<string> {
    await this.runCommand('Output: Show Output Channels...', { opensPicker: true });
    const input = this.page.locator('.quick-input-widget input[placeholder*="Output Channel"]');
    await input.waitFor({ state: 'visible' });
    await input.fill(name);
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
    try {
      // 10 s: under load the picker can take seconds to list the channels.
      await row.click({ timeout: 10_000 });
    } catch (error) {
      await this.dismiss();
      throw new Error(`no output channel "${name}"`);
    }
    const lines = this.page.locator('.part.panel .monaco-editor .view-lines');
    await lines.waitFor({ state: 'visible' });
    return this.channelLog(name);
  }

  /**
   * The log of output channel `name` as this window's extension host wrote it:
   * `<profile>/logs/<server start>/exthost<N>/<extension id>/<name>.log`. The window's host is the
   * last started (the highest N) of the server's last start; an earlier window's log is never
   * read in its place.
   */
  private channelLog(name: string): string {
    const logs = path.join(this.userDataDir, 'logs');
    const start = readdirSync(logs).sort().at(-1);
    if (start === undefined) throw new Error(`no logs in ${logs}`);
    const hostNumber = (folder: string) => Number(/^exthost(\d+)$/.exec(folder)?.[1] ?? -1);
    const host = readdirSync(path.join(logs, start))
      .filter((folder) => hostNumber(folder) >= 0)
      .sort((a, b) => hostNumber(b) - hostNumber(a))[0];
    if (host === undefined) throw new Error(`no extension host's logs in ${path.join(logs, start)}`);
    const hostDir = path.join(logs, start, host);
    for (const folder of readdirSync(hostDir)) {
      const file = path.join(hostDir, folder, `${name}.log`);
      if (existsSync(file)) return readFileSync(file, 'utf8');
    }
    throw new Error(`no log of output channel "${name}" in ${hostDir}`);
  }
}
