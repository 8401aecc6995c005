// Reads what the server under test stored, straight from its SQLite file.
import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from '../playwright.config.ts';

export interface StoredLead {
  id: string;
  first_name: string;
  email: string;
  phone: string;
  business_name: string;
  service: string;
  product: string;
  custom_service: string;
  status: string;
  locale: string;
  idempotency_key: string | null;
}

export function leadsByEmail(email: string): StoredLead[] {
  const db = new Database(path.join(E2E_DATA_DIR, 'leads.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select * from discovery_calls where email = ?').all(email) as StoredLead[];
  } finally {
    db.close();
  }
}

/** An address no other test uses, so parallel tests never see each other's leads. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}
