import { describe, expect, it } from 'vitest';
import { sampleProfile } from '@/testing/render';
import { beatPostSchema, depositAccountSchema, loginAnswerSchema, paymentDetailsSchema, profileSchema, purchaseAnswerSchema, sessionSchema, walletSchema } from './api-schemas';

const without = <T extends object>(value: T, key: keyof T) => {
  const copy: Partial<T> = { ...value };
  delete copy[key];
  return copy;
};

describe('own profile schema', () => {
  it('accepts the documented profile, with or without a phone number (a Google sign-up has none)', () => {
    expect(profileSchema.safeParse(sampleProfile).success).toBe(true);
    expect(profileSchema.safeParse(without(sampleProfile, 'phonenumber')).success).toBe(true);
  });

  it('keeps fields it does not name, so a field the document adds later is not lost', () => {
    const parsed = profileSchema.parse({ ...sampleProfile, pronouns: 'she/her' });
    expect(parsed).toMatchObject({ pronouns: 'she/her' });
  });

  it.each([
    ['id missing', without(sampleProfile, 'id')],
    ['email missing', without(sampleProfile, 'email')],
    ['username missing', without(sampleProfile, 'username')],
    ['followers_count missing', without(sampleProfile, 'followers_count')],
    ['id a number', { ...sampleProfile, id: 1 }],
    ['identity unknown', { ...sampleProfile, identity: 'dj' }],
    ['followers_count a string', { ...sampleProfile, followers_count: '3' }],
    ['is_admin a string', { ...sampleProfile, is_admin: 'false' }],
    ['email null', { ...sampleProfile, email: null }],
    ['a follower without a username', { ...sampleProfile, followers_list: [{ id: 'f-1', image: '' }] }],
    ['following_list not a list', { ...sampleProfile, following_list: {} }],
  ])('refuses a profile with %s', (_, body) => {
    expect(profileSchema.safeParse(body).success).toBe(false);
  });

  it.each([null, [], 'profile', 0])('refuses %j', (body) => {
    expect(profileSchema.safeParse(body).success).toBe(false);
  });
});

describe('login answer schema', () => {
  it('accepts a token and the profile', () => {
    expect(loginAnswerSchema.safeParse({ token: 'jwt', profile: sampleProfile }).success).toBe(true);
  });

  it.each([
    ['no profile', { token: 'jwt' }],
    ['no token', { profile: sampleProfile }],
    ['a numeric token', { token: 7, profile: sampleProfile }],
    ['a malformed profile', { token: 'jwt', profile: { ...sampleProfile, username: null } }],
  ])('refuses an answer with %s', (_, body) => {
    expect(loginAnswerSchema.safeParse(body).success).toBe(false);
  });
});

describe('session schema', () => {
  it.each([{ signed_in: true, user_id: 'u-1' }, { signed_in: false }])('accepts %j', (body) => {
    expect(sessionSchema.safeParse(body).success).toBe(true);
  });

  it.each([{}, { signed_in: 'true' }, { signed_in: 1 }, { signed_in: true, user_id: 42 }, null])('refuses %j', (body) => {
    expect(sessionSchema.safeParse(body).success).toBe(false);
  });
});

describe('payment details schema (money)', () => {
  const plan = { name: 'Artist Premium', amount: 15000, frequency: 'monthly', description: 'd', features: ['Priority support'], paymentLink: null, expiresAt: null, status: 'none' };

  it('accepts the plan, with or without a link and an expiry', () => {
    expect(paymentDetailsSchema.safeParse(plan).success).toBe(true);
    expect(paymentDetailsSchema.safeParse({ ...plan, paymentLink: 'https://pay.example/x', expiresAt: '2026-12-01T00:00:00Z', status: 'active' }).success).toBe(true);
  });

  it.each([
    ['no plan at all', null],
    ['a price in text', { ...plan, amount: '15000' }],
    ['a price of three decimals', { ...plan, amount: 15000.005 }],
    ['an unknown status', { ...plan, status: 'ok' }],
    ['a link that is no text', { ...plan, paymentLink: 3 }],
  ])('refuses %s', (_, body) => {
    expect(paymentDetailsSchema.safeParse(body).success).toBe(false);
  });
});

describe('money answers', () => {
  const entry = { id: 'e1', type: 'sale', amount: 899.1, direction: 'in', counterparty: 'ada', date: '2026-03-01T12:00:00Z', status: 'completed', reference: 'p-1', link: { kind: 'beat', id: 'b-1' } };
  const wallet = { balance: 4001.5, currency: 'NGN', recent: [entry], totals: { purchases: 0, sales: 899.1, deposits: 5000 } };

  it('accepts naira with up to two decimals', () => {
    expect(walletSchema.safeParse(wallet).success).toBe(true);
    expect(walletSchema.safeParse({ ...wallet, balance: 0.01 }).success).toBe(true);
    expect(walletSchema.safeParse({ ...wallet, balance: 1234567.89 }).success).toBe(true);
  });

  it.each([
    ['three decimals', { ...wallet, balance: 12.345 }],
    ['a string amount', { ...wallet, balance: '4001.50' }],
    ['an entry amount that is no number', { ...wallet, recent: [{ ...entry, amount: null }] }],
    ['an unknown direction', { ...wallet, recent: [{ ...entry, direction: 'sideways' }] }],
    ['another currency', { ...wallet, currency: 'USD' }],
    ['an entry without its link', { ...wallet, recent: [{ ...entry, link: undefined }] }],
    ['a total missing', { ...wallet, totals: { purchases: 0, sales: 0 } }],
  ])('refuses a wallet with %s', (_, body) => {
    expect(walletSchema.safeParse(body).success).toBe(false);
  });

  it('refuses a purchase answer whose price is not naira or that lacks its licence number', () => {
    const purchase = {
      id: 'p-1', post_id: 'b-1', caption: 'x', username: 'y', cover_photo: '', cover_width: 0, cover_height: 0, cover_placeholder: '', cover_renditions: [],
      audio_upload: '', full_audio: '', amount: 999,
      purchase_date: '2026-03-01T12:00:00Z', genre: '', downloads_remaining: 5, licence_number: 'ZUUM-AB12-CD34-EF56',
    };
    expect(purchaseAnswerSchema.safeParse({ message: 'Purchase successful', data: purchase }).success).toBe(true);
    expect(purchaseAnswerSchema.safeParse({ message: 'Purchase successful', data: { ...purchase, amount: Infinity } }).success).toBe(false);
    expect(purchaseAnswerSchema.safeParse({ message: 'Purchase successful', data: { ...purchase, licence_number: undefined } }).success).toBe(false);
  });

  it('takes a deposit account that never expires (expiresAt null)', () => {
    const details = { accountNumber: '7812345678', bankName: 'WEMA BANK', reference: 'r', amount: 2500, expiresAt: null };
    expect(depositAccountSchema.safeParse({ data: details }).success).toBe(true);
    expect(depositAccountSchema.safeParse({ data: { ...details, expiresAt: 5 } }).success).toBe(false);
    expect(depositAccountSchema.safeParse({ data: { ...details, amount: 12.345 } }).success).toBe(false);
  });
});

describe('beat schema: cover fields', () => {
  /** A beat with every field but the cover's size, placeholder and renditions. */
  const bare = {
    id: 'b-1', kind: 'beat', type: 'beat', profile_id: 'u-2', username: 'labelboss', profile_picture: '', image: '',
    artist: 'labelboss', caption: 'Afro Drill', title: 'Afro Drill', description: '', cover_photo: 'https://m.example/c.png',
    audio_upload: 'https://m.example/p.mp3', preview_url: 'https://m.example/p.mp3', duration: 95, amount: 999, price: 999,
    total_supply: 100, total_buyers: 3, available: 97, likes: 5, reactions: 5, comments: 1, shares: 0, isLiked: false,
    is_liked: false, is_promoted: false, plays_count: 0, created_at: '2025-01-15T10:00:00Z',
  };

  it('refuses a beat without the cover fields the contract requires', () => {
    expect(beatPostSchema.safeParse(bare).success).toBe(false);
  });

  it('reads a beat without a cover as 0, 0, "" and no renditions, and keeps the renditions of one with a cover', () => {
    const none = { ...bare, cover_width: 0, cover_height: 0, cover_placeholder: '', cover_renditions: [] };
    const parsed = beatPostSchema.parse(none);
    expect([parsed.cover_width, parsed.cover_height, parsed.cover_placeholder, parsed.cover_renditions]).toEqual([0, 0, '', []]);
    const renditions = [{ width: 160, url: 'https://m.example/160.jpg' }, { width: 480, url: 'https://m.example/480.jpg' }];
    const body = { ...bare, cover_width: 480, cover_height: 480, cover_placeholder: 'data:image/jpeg;base64,AA==', cover_renditions: renditions };
    expect(beatPostSchema.parse(body).cover_renditions).toEqual(renditions);
    expect(beatPostSchema.safeParse({ ...body, cover_renditions: [{ width: -160, url: 'x' }] }).success).toBe(false);
  });
});
