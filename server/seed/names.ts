/**
 * Data pools for the demo seeder: Indonesian given names and family names by ethnic group, birth cities with
 * their NIK region codes, religions and banks. Plain data plus a small deterministic PRNG; imports nothing.
 */

/** mulberry32: a tiny, fast, seedable PRNG. Never `Math.random` in the seeder, so every run gives the same data. */
export class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight: `[['a', 3], ['b', 1]]` gives 'a' three times as often as 'b'. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** `count` random decimal digits (may start with 0). */
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

/** FNV-1a: a stable 32-bit seed from a string such as 'DEMO:42'. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Splits a space-separated list: keeps the long name pools compact. */
const words = (text: string): readonly string[] => text.split(/\s+/).filter(Boolean);

export type Gender = 'male' | 'female';
export type Ethnicity = 'javanese' | 'sundanese' | 'batak' | 'chinese' | 'minang' | 'balinese';
export type Religion = 'Islam' | 'Kristen' | 'Katolik' | 'Hindu' | 'Buddha' | 'Konghucu';

interface NamePool {
  male: readonly string[];
  female: readonly string[];
  /** Family names shared by both genders (Batak marga, Chinese-Indonesian surnames). */
  family?: readonly string[];
  /** Second names by gender, for groups whose second name is not a family name (Javanese, Sundanese…). */
  maleLast?: readonly string[];
  femaleLast?: readonly string[];
  /** Share of people known by one name only (common among older Javanese). */
  single: number;
  religions: readonly (readonly [Religion, number])[];
  birthPlaces: readonly string[];
}

export const namePools: Record<Ethnicity, NamePool> = {
  javanese: {
    male: words(`
      Budi Agus Joko Bambang Slamet Teguh Wahyu Eko Dwi Hadi Sugeng Yudi Bayu Arif Dimas Rizky Fajar Heru Adi Bagus
      Galih Anton Rudy Yoga Aris Tri Purwanto Sugiyanto Suparman Haryanto Wahyudi Setyo Ilham Danang
    `),
    female: words(`
      Sri Dewi Endang Wulan Rina Ayu Retno Dian Indah Ratna Sekar Putri Tri Yuni Wahyuni Nining Kartika Astuti Ningsih
      Fitri Rahmawati Anisa Novi Erna Sulistyowati Suryani Tutik Dyah Larasati Galuh
    `),
    maleLast: words(`
      Santoso Wibowo Susanto Prasetyo Nugroho Setiawan Hartono Purnomo Kurniawan Saputra Wijayanto Hidayat Suryadi
      Utomo Raharjo Gunawan Pratama Hermawan Darmawan Wicaksono Sulistyo Budiman Subagyo Harjono
    `),
    femaleLast: words(`
      Rahayu Lestari Wulandari Handayani Susanti Puspitasari Kusumawati Pertiwi Utami Anggraini Permatasari Safitri
      Maharani Purwaningsih Setyaningsih Rahmawati Kusumaningrum Wahyuningsih Pratiwi Nurhayati
    `),
    single: 0.12,
    religions: [
      ['Islam', 88],
      ['Kristen', 5],
      ['Katolik', 5],
      ['Hindu', 1],
      ['Buddha', 1],
    ],
    birthPlaces: words('Semarang Yogyakarta Surakarta Malang Surabaya Kediri Madiun Purwokerto Tegal Jakarta'),
  },
  sundanese: {
    male: words(`
      Asep Ujang Dede Cecep Deden Iwan Yayan Rudi Dadang Ade Hendra Dani Agung Ridwan Rian Gilang Irfan Dikdik Encep
      Jajang Wawan Yusuf
    `),
    female: words(`
      Euis Neng Lilis Imas Siti Rini Tuti Yanti Rosita Nenden Cucu Elis Nia Intan Resti Gita Rika Sari Wida Nurul
    `),
    maleLast: words(`
      Sutisna Hidayat Permana Suryana Kusnadi Sudrajat Setiadi Nugraha Ramdani Firmansyah Sopandi Rukmana Gumilar
      Supriatna Somantri Kurnia Hermawan
    `),
    femaleLast: words(`
      Nurhayati Kurniasih Rohaeni Sulastri Maryani Komalasari Juwita Rosdiana Nurjanah Herlina Mulyani Apriliani
      Fauziah Rahmawati
    `),
    single: 0.05,
    religions: [
      ['Islam', 97],
      ['Kristen', 2],
      ['Katolik', 1],
    ],
    birthPlaces: words('Bandung Garut Tasikmalaya Bogor Sukabumi Cirebon Cianjur Bekasi Depok'),
  },
  batak: {
    male: words(`
      Tigor Parlindungan Hotman Martin Johannes Benny Sahat Togar Daniel Jonathan Samuel Rico Poltak Marihot Bonar
      Fernando Ronald Hendrik Rizal Ahmad
    `),
    female: words(`
      Rosmawati Lasma Rumondang Debora Maria Yohana Theresia Elisabeth Friska Sondang Tiurma Lenny Martha Evi Rotua
      Nurhalimah Dame Christina
    `),
    family: words(`
      Simanjuntak Siregar Nasution Harahap Sitompul Panjaitan Hutapea Situmorang Sinaga Manurung Simatupang Lubis
      Pardede Sihombing Tampubolon Marpaung Silalahi Hutagalung Pasaribu Napitupulu Sitorus Purba
    `),
    single: 0,
    religions: [
      ['Kristen', 62],
      ['Katolik', 15],
      ['Islam', 23],
    ],
    birthPlaces: words('Medan Pematangsiantar Tarutung Balige Sibolga Padangsidimpuan Jakarta'),
  },
  chinese: {
    male: words(`
      Hendra Kevin Steven Michael Yohanes Andreas Felix William Ricky Edwin Jimmy Anton Hendrik Budi Darren Gunawan
      Sugianto Vincent Ivan Rudy
    `),
    female: words(`
      Lina Melinda Jessica Stefanie Cynthia Natalia Vivian Angela Yuliana Fransiska Caroline Linda Susan Veronica
      Meiliana Grace Olivia Felicia
    `),
    family: words(`
      Wijaya Tanoto Gunawan Halim Salim Tanuwijaya Kusuma Santoso Hartanto Sutanto Lim Tan Widjaja Setiadi Gozali
      Chandra Liem Hartono Susilo Lukito Tjahjadi
    `),
    single: 0,
    religions: [
      ['Buddha', 33],
      ['Kristen', 35],
      ['Katolik', 25],
      ['Konghucu', 7],
    ],
    birthPlaces: words('Jakarta Medan Pontianak Surabaya Semarang Singkawang Pangkalpinang'),
  },
  minang: {
    male: words(`
      Rizal Yusuf Fauzi Irwan Zulkifli Afrizal Hendri Syahrul Rahmat Dedi Anwar Ridwan Fadli Yulianto Arief Jefri
      Hafiz Ikhsan
    `),
    female: words(`
      Yulia Rahmi Fitri Nurul Mega Febri Rosmaniar Desi Elvi Zahra Aisyah Rahmadani Yenni Vivi Silvia Mardiah
    `),
    family: words(`
      Chaniago Tanjung Piliang Koto Sikumbang Jambak Syafii Malik Rasyid Idris Hakim Effendi Yunus Zainal Syahputra
    `),
    single: 0.03,
    religions: [['Islam', 100]],
    birthPlaces: words('Padang Bukittinggi Payakumbuh Solok Pariaman Pekanbaru Jakarta'),
  },
  balinese: {
    male: words('Sudarma Artawan Suardana Mahendra Adnyana Wirawan Sukadana Parwata Arsana'),
    female: words('Sukmawati Ariani Sriasih Mahayani Sudiantari Wahyuni Lestari Purnamasari'),
    single: 0,
    religions: [
      ['Hindu', 95],
      ['Kristen', 3],
      ['Islam', 2],
    ],
    birthPlaces: words('Denpasar Gianyar Tabanan Singaraja'),
  },
};

/** Marga of the mostly Muslim Mandailing and Angkola Batak, and Batak given names that say which faith. */
const muslimMarga = new Set(words('Nasution Harahap Lubis Siregar'));
const muslimNames = new Set(words('Ahmad Rizal Nurhalimah'));
const christianNames = new Set(
  words(`
    Johannes Daniel Jonathan Samuel Martin Fernando Ronald Hendrik Debora Maria Yohana Theresia Elisabeth Martha
    Christina
  `),
);

/** Mostly by group; among the Batak, a Christian or Muslim given name or a Mandailing marga decides. */
export function religionOf(rng: Rng, ethnicity: Ethnicity, name: PersonName): Religion {
  const parts = name.fullname.split(' ');
  if (parts[0] === 'Muhammad' || parts[0] === 'Ahmad' || parts[0] === 'Siti') return 'Islam';
  const religion = rng.weighted(namePools[ethnicity].religions);
  if (ethnicity !== 'batak') return religion;
  if (parts.some((part) => christianNames.has(part))) return religion === 'Katolik' ? 'Katolik' : 'Kristen';
  if (parts.some((part) => muslimNames.has(part)) || (name.family && muslimMarga.has(name.family))) {
    return rng.chance(0.85) ? 'Islam' : religion;
  }
  return religion;
}

/** Balinese birth-order names, used after 'I' (male) or 'Ni' (female). */
const balineseOrder = ['Wayan', 'Putu', 'Made', 'Kadek', 'Nyoman', 'Komang', 'Ketut'] as const;
/** Leading names that are not what people are called by. */
const honorifics = new Set(['Muhammad', 'Ahmad', 'Siti', 'Nur', 'I', 'Ni']);

export interface PersonName {
  fullname: string;
  nickname: string;
  /** Lower-case `first.last`, letters only, for usernames and e-mail addresses. */
  slug: string;
  /** The family name children inherit, when the group has one. */
  family: string | null;
}

export function makeName(
  rng: Rng,
  ethnicity: Ethnicity,
  gender: Gender,
  options: { family?: string | null } = {},
): PersonName {
  const pool = namePools[ethnicity];
  const given = rng.pick(gender === 'male' ? pool.male : pool.female);
  let parts: string[];
  let family: string | null = null;
  if (ethnicity === 'balinese') {
    parts = [gender === 'male' ? 'I' : 'Ni', rng.pick(balineseOrder), given];
  } else if (pool.family) {
    family = options.family ?? rng.pick(pool.family);
    const prefix = ethnicity === 'minang' && rng.chance(0.15) ? [gender === 'male' ? 'Muhammad' : 'Siti'] : [];
    parts = [...prefix, given, family];
  } else {
    const muslimPrefix = rng.chance(gender === 'male' ? 0.12 : 0.08);
    const prefix = muslimPrefix
      ? [gender === 'male' ? rng.pick(['Muhammad', 'Ahmad']) : rng.pick(['Siti', 'Nur'])]
      : [];
    const last = gender === 'male' ? pool.maleLast : pool.femaleLast;
    if (!muslimPrefix && rng.chance(pool.single)) parts = [given];
    else parts = [...prefix, given, rng.pick(last ?? [])];
    if (parts.length === 3 && parts[1] === parts[2]) parts = parts.slice(0, 2);
    if (parts.length === 2 && parts[0] === parts[1]) parts = parts.slice(0, 1);
  }
  return nameFromParts(parts, family);
}

/** A name from fixed parts, e.g. the demo logins' names. */
export function nameFromParts(parts: readonly string[], family: string | null = null): PersonName {
  const called = parts.filter((part) => !honorifics.has(part));
  const first = called[0] ?? parts[0] ?? 'demo';
  const last = called.length > 1 ? called[called.length - 1] : undefined;
  const slug = [first, last]
    .filter((part): part is string => Boolean(part))
    .map((part) => part.toLowerCase().replace(/[^a-z]/g, ''))
    .join('.');
  return { fullname: parts.join(' '), nickname: first, slug, family };
}

/**
 * Birth cities with the first four digits of the NIK (province and regency or city code), used to build
 * realistic 16-digit KTP numbers: PPKKDD + DDMMYY (day + 40 for women) + 4-digit serial.
 */
export const cityCodes: Record<string, string> = {
  Jakarta: '3174',
  Bandung: '3273',
  Surabaya: '3578',
  Semarang: '3374',
  Yogyakarta: '3471',
  Surakarta: '3372',
  Malang: '3573',
  Kediri: '3571',
  Madiun: '3577',
  Purwokerto: '3302',
  Tegal: '3376',
  Garut: '3205',
  Tasikmalaya: '3278',
  Bogor: '3271',
  Sukabumi: '3272',
  Cirebon: '3274',
  Cianjur: '3203',
  Bekasi: '3275',
  Depok: '3276',
  Tangerang: '3671',
  Medan: '1271',
  Pematangsiantar: '1272',
  Tarutung: '1205',
  Balige: '1212',
  Sibolga: '1273',
  Padangsidimpuan: '1277',
  Pontianak: '6171',
  Singkawang: '6172',
  Pangkalpinang: '1971',
  Padang: '1371',
  Bukittinggi: '1375',
  Payakumbuh: '1376',
  Solok: '1372',
  Pariaman: '1377',
  Pekanbaru: '1471',
  Denpasar: '5171',
  Gianyar: '5104',
  Tabanan: '5102',
  Singaraja: '5108',
  Makassar: '7371',
  Cimahi: '3277',
};

export const banks = [
  ['BCA', 40],
  ['Mandiri', 25],
  ['BRI', 20],
  ['BNI', 15],
] as const satisfies readonly (readonly [string, number])[];

/** Indonesian mobile prefixes (Telkomsel, Indosat, XL, Tri, Smartfren), without the leading 0. */
export const mobilePrefixes = words(`
  811 812 813 821 822 823 852 853 814 815 816 855 856 857 858 817 818 819 859 877 878 895 896 897 898 899 881 882 887
`);
