/**
 * The route expansion status in the status bar, shown while an ICAO Route document is in the
 * active editor. Clicking it shows the output channel (where every change of status is a line).
 */
import * as vscode from 'vscode';
import type { ExpansionStatusParams } from '../../common/protocol/lspMessages';
import { COMMANDS } from '../../common/commands';
import { LANGUAGE_ID } from '../../common/language';
import { statusPresentation, type HubKeySource } from './statusPresentation';

export class ExpansionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'icaoRoute.expansionStatus',
    vscode.StatusBarAlignment.Right,
    100,
  );
  private readonly subscriptions: vscode.Disposable[] = [];
  private status: ExpansionStatusParams | undefined;
  private keySource?: HubKeySource;

  constructor() {
    this.item.name = 'ICAO Route expansion';
    this.item.command = COMMANDS.showOutput;
    this.update(undefined);
    this.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(() => this.toggle()));
    this.subscriptions.push(vscode.workspace.onDidOpenTextDocument(() => this.toggle()));
    this.toggle();
  }

  /** Where the hub key now comes from: the status says when it is the environment's. */
  setKeySource(source: HubKeySource): void {
    this.keySource = source;
    this.update(this.status);
  }

  update(status: ExpansionStatusParams | undefined): void {
    this.status = status;
    const look = statusPresentation(status, this.keySource);
    this.item.text = look.text;
    this.item.tooltip = look.tooltip;
    this.item.backgroundColor = look.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.accessibilityInformation = { label: look.tooltip };
  }

  private toggle(): void {
    if (vscode.window.activeTextEditor?.document.languageId === LANGUAGE_ID) this.item.show();
    else this.item.hide();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }
}
