// Perft with shogiops (scripts/bench-shogi): node shogiops-perft.mjs <depth> [sfen]
// Prints "<nodes> <cpu seconds>". shogiops' perft counts every leaf (no bulk counting of the last ply).
import { perft } from 'shogiops/debug';
import { parseSfen, initialSfen } from 'shogiops/sfen';

const depth = Number(process.argv[2] ?? 1);
const sfen = process.argv[3] ?? initialSfen('standard');
const pos = parseSfen('standard', sfen).unwrap();
const t0 = process.cpuUsage();
const nodes = perft(pos, depth);
const t = process.cpuUsage(t0);
console.log(`${nodes} ${(t.user + t.system) / 1e6}`);
