// placeholder, replaced below
import type { Command } from 'commander';
import type { Io } from '../shared.js';
export function registerServe(_program: Command, _io: Io): void {}
