// Perft of npm reversi-core (scripts/bench-othello): the same convention as `arbiter perft --game othello`
// (a pass is a ply; a finished game is one leaf whatever depth is left; --bulk counts the last ply by the
// length of the move list). reversi-core has no undo, so a move is taken back by restoring the grid's cells.
// Its Board starts with d4/e5 black and d5/e4 white (the standard start mirrored), which has the same counts.
// Usage: node reversi-core-perft.js DEPTH bulk|full   -> {"nodes": N, "seconds": S}  (process CPU time)
'use strict';
const { Board, reverseColor } = require('reversi-core');

function perft(board, color, depth, bulk) {
  const moves = board.getPointsToPut(color);
  if (moves.length === 0) {
    const other = reverseColor(color);
    if (board.getPointsToPut(other).length === 0) return 1;  // the game is over: one leaf
    return depth === 1 ? 1 : perft(board, other, depth - 1, bulk);  // the pass is the only move
  }
  if (bulk && depth === 1) return moves.length;
  const grid = board.toGrid();
  let nodes = 0;
  for (const point of moves) {
    const saved = grid.values.slice();
    board.put(color, point);
    nodes += depth === 1 ? 1 : perft(board, reverseColor(color), depth - 1, bulk);
    grid.values = saved;
  }
  return nodes;
}

const depth = Number(process.argv[2] || 6);
const bulk = process.argv[3] === 'bulk';
const t0 = process.cpuUsage();
const nodes = perft(new Board(), 'black', depth, bulk);
const u = process.cpuUsage(t0);
console.log(JSON.stringify({ nodes, seconds: (u.user + u.system) / 1e6 }));
