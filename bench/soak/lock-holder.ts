// Another process holding the soak server's SQLite database: it opens the same file, takes
// `BEGIN EXCLUSIVE` (in WAL mode: the write lock; readers go on), holds it, then commits.
//
//   node lock-holder.mjs <db file> <hold ms>
//
// Prints `LOCK HELD <ms it waited for the lock>` once it has the lock and `LOCK RELEASED` after
// the commit. Stops early (releasing the lock) when stdin closes, so it never outlives the run.
import Database from 'better-sqlite3';

const [dbPath, holdRaw] = process.argv.slice(2);
const holdMs = Number(holdRaw);
if (!dbPath || !Number.isFinite(holdMs) || holdMs < 0) {
  process.stderr.write('usage: lock-holder <db file> <hold ms>\n');
  process.exit(2);
}

// The server may be writing when we ask: wait for the lock as long as a few of its writes take.
const db = new Database(dbPath, { timeout: 10_000 });
const asked = Date.now();
db.exec('BEGIN EXCLUSIVE');
// A write inside the transaction, so the lock is the one a real writer would hold.
db.exec('CREATE TABLE IF NOT EXISTS soak_lock (at INTEGER)');
db.prepare('INSERT INTO soak_lock (at) VALUES (?)').run(Date.now());
process.stdout.write(`LOCK HELD ${Date.now() - asked}\n`);

let released = false;
const release = (): void => {
  if (released) return;
  released = true;
  db.exec('COMMIT');
  db.close();
  process.stdout.write('LOCK RELEASED\n');
  process.exit(0);
};
setTimeout(release, holdMs);
process.stdin.on('end', release);
process.stdin.on('close', release);
process.stdin.resume();
