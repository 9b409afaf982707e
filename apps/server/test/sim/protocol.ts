/** Messages between the simulation (parent) and its server node (child process), over IPC. */
export type Command = { id: number } & (
  | {
      op: 'inject';
      method: 'GET' | 'POST';
      url: string;
      headers: Record<string, string>;
      payload?: unknown;
    }
  | { op: 'advance'; seconds: number }
  | { op: 'prices'; codes: string[] }
  | {
      op: 'setup';
      tag: string;
      users: number;
      usdt: string;
      withdrawPassword: string;
    }
  | { op: 'session'; principal: 'user' | 'staff'; id: number }
  | { op: 'check'; now?: number; mode: 'full' | 'changes' }
  | { op: 'fault'; kind: FaultKind; userId: number }
  | { op: 'stop' }
);

/**
 * The deliberate breaches of the breach tests: a posting written twice behind the ledger's back; a
 * settled option settled again under another key; an account's balance edited without a posting;
 * a settled option put back to running (its row alone changes: no ledger entry names it).
 */
export type FaultKind = 'unbalanced' | 'settle-twice' | 'balance-edit' | 'state-edit';

/** A command before the IPC layer numbers it. */
export type CommandInput = Command extends infer C
  ? C extends unknown
    ? Omit<C, 'id'>
    : never
  : never;

export type Reply = { op: 'reply'; id: number; result?: unknown; error?: string };

export interface InstrumentPrice {
  code: string;
  price: string;
  precision: number;
  leverages: number[];
}
