// Cross-check: koma's Chu Shogi perft against lishogi's shogiops move generator.
//
// Usage (from the repository root, after `cargo build --release`):
//   npm install shogiops@0.18.0
//   node tests/perft/crosscheck/chu_shogiops.mjs [seed] [depth] [positions]
// shogiops' own `perft` counts Lion paths (from, to, mid step) and does not filter checks, so
// this script counts by effect, as koma does: one move per (from, to, removed squares,
// promotion), one pass per position, and no move may leave the only royal attacked (with King
// and Crown Prince both present either may be left attacked), the reading of
// docs/classic-shogi.md. Positions right after a Lion capture (counter-strike state, which
// position text cannot carry) are skipped.
import { initialSfen, parseSfen, makeSfen } from 'shogiops/sfen';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
function effects(pos, raw = false) {
  const seen = new Map();
  const add = (key, move) => { if (!seen.has(key)) seen.set(key, move); };
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const cap = pos.board.get(to) ? [to] : [];
      const promos = [];
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) { promos.push(true); if (!pieceForcePromote(pos.rules)(piece, to)) promos.push(false); } else promos.push(false);
      for (const pr of promos) add(`${from}-${to}-${cap.join(',')}-${pr}`, { from, to, promotion: pr });
      if (['lion', 'lionpromoted', 'eagle', 'falcon'].includes(piece.role)) {
        const mid = to;
        for (const fin of secondLionStepDests(pos, from, mid)) {
          const caps = [];
          if (fin !== from && pos.board.get(fin)) caps.push(fin);
          if (pos.board.get(mid) && !caps.includes(mid)) caps.push(mid);
          caps.sort((a, b) => a - b);
          const key = (fin === from && caps.length === 0) ? 'pass' : `${from}-${fin}-${caps.join(',')}-false`;
          add(key, { from, to: fin, midStep: mid });
        }
      }
    }
  }
  const all = [...seen.values()];
  if (raw) return all;
  return all.filter(m => {
    const c = pos.clone(); c.play(m);
    const me = pos.turn;
    const royals = [];
    for (const sq of c.board.color(me)) { const p = c.board.get(sq); if (p.role === 'king' || p.role === 'prince') royals.push(sq); }
    if (royals.length !== 1) return royals.length > 1;
    const r = royals[0];
    for (const [from, dests] of c.allMoveDests()) {
      if (dests.has(r)) return false;
      const piece = c.board.get(from);
      if (['lion', 'lionpromoted', 'eagle', 'falcon'].includes(piece.role)) {
        for (const mid of dests) { if (mid === r) return false; if (secondLionStepDests(c, from, mid).has(r)) return false; }
      }
    }
    return true;
  });
}
function perft(pos, depth) {
  const ms = effects(pos);
  if (depth <= 1) return ms.length;
  let n = 0;
  for (const m of ms) { const c = pos.clone(); c.play(m); n += perft(c, depth - 1); }
  return n;
}
import { execFileSync } from 'child_process';
const map = {l:'L',f:'FL',c:'C',s:'S',g:'G',k:'K',e:'DE',a:'RV',b:'B',t:'BT',o:'KY',x:'PH',m:'SM',v:'VM',r:'R',h:'DH',d:'DK',n:'LN',q:'Q',p:'P',i:'GB'};
function toKoma(sfen) {
  const [board, side] = sfen.split(' ');
  const rows = board.split('/').map(row => {
    let out = '', i = 0;
    while (i < row.length) {
      let ch = row[i];
      if (/[0-9]/.test(ch)) { let n = ''; while (i < row.length && /[0-9]/.test(row[i])) n += row[i++]; out += n; continue; }
      let plus = '';
      if (ch === '+') { plus = '+'; ch = row[++i]; }
      i++;
      const upper = ch === ch.toUpperCase();
      let id = map[ch.toLowerCase()];
      if (!id) throw new Error('unknown ' + ch);
      id = upper ? id : id.toLowerCase();
      out += plus + (id.length > 1 ? '[' + id + ']' : id);
    }
    return out;
  });
  return rows.join('/') + ' ' + (side === 'b' ? 'w' : 'b');
}
let seed = Number(process.argv[2] || 1);
const rand = n => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const depth = Number(process.argv[3] || 2);
const count = Number(process.argv[4] || 20);
let bad = 0, total = 0, done = 0;
while (done < count) {
  const pos = parseSfen('chushogi', initialSfen('chushogi')).unwrap();
  const plies = 2 + rand(40);
  let ok = true;
  for (let k = 0; k < plies; k++) {
    const moves = [];
    for (const [from, dests] of pos.allMoveDests()) for (const to of dests) moves.push({ from, to });
    if (!moves.length) { ok = false; break; }
    const m = moves[rand(moves.length)];
    pos.play({ from: m.from, to: m.to, promotion: rand(2) === 0 });
    if (pos.isEnd && pos.isEnd()) { ok = false; break; }
  }
  const sfen = makeSfen(pos);
  if (!ok || sfen.split(' ')[2] !== '-') continue;
  const ref = perft(pos, depth);
  const fen = toKoma(sfen);
  const out = execFileSync(process.env.KOMA || 'target/release/koma', ['perft', 'variants/chu-shogi.koma', '--depth', String(depth), '--fen', fen]).toString().trim().split('\n').pop();
  const got = Number(out.split(' ')[1]);
  total += ref; done++;
  if (got !== ref) { bad++; console.log('MISMATCH', sfen, '|', fen, ref, got); }
}
console.log(done, 'positions,', total, 'leaves,', bad, 'mismatches');
