/**
 * Investors by the thousand straight into a PostgreSQL database, for the runs that need many users who never log in
 * (the alerts benchmark, the alert job's fault test): one statement, rather than as many sign-ups. What a users row
 * needs is written here once.
 */
import type pg from 'pg';

/**
 * Inserts `count` investors: usernames `${prefix}1` … `${prefix}${count}` (select them back with
 * `username LIKE '${prefix}%'`), mail `<username>@example.com`, each its own referral code, no role, and the password
 * hash 'x', which no password matches.
 */
export async function insertInvestors(db: pg.Client, prefix: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash, referral_code)
     SELECT $1::text || n, $1::text || n || '@example.com', 'Investor', 'N' || n, 'x', $1::text || '-code-' || n
     FROM generate_series(1, $2::int) AS n`,
    [prefix, count],
  );
}
