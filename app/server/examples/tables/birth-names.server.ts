import { Rng } from '../random.server';
import { assertScale, columns, yearStart, type ExampleTable, type Row } from './shared.server';

// Roughly in order of popularity, so the rank can drive the base weight.
const BOYS = `Michael Christopher Matthew Joshua David James Daniel Robert John Joseph Jason Justin Andrew
Ryan William Brian Jonathan Brandon Nicholas Anthony Eric Adam Kevin Steven Thomas Timothy Richard Jeremy
Jeffrey Kyle Benjamin Aaron Charles Mark Jacob Stephen Patrick Scott Nathan Paul Sean Travis Zachary Dustin
Gregory Kenneth Jose Tyler Jesse Alexander Bryan Samuel Derek Bradley Chad Shawn Edward Jared Cody Jordan
Peter Corey Keith Marcus Juan Donald Ronald Phillip George Joel Shane Douglas Antonio Raymond Carlos Brett
Gary Alex Nathaniel Craig Ian Luis Derrick Erik Casey Philip Frank Evan Gabriel Victor Vincent Larry Austin
Brent Seth Wesley Dennis Todd Christian Luke Ethan Noah Logan Dylan Caleb Hunter Connor Isaiah Jack Mason
Elijah Aiden Jayden Gavin Cameron Angel Adrian Julian Devin Ricardo Mario Jorge Allen Randy Russell`.split(/\s+/);

const GIRLS = `Jennifer Jessica Amanda Ashley Sarah Stephanie Melissa Nicole Elizabeth Heather Tiffany Michelle
Amber Megan Amy Rachel Kimberly Christina Lauren Crystal Brittany Rebecca Laura Danielle Emily Samantha Angela
Erin Kelly Sara Lisa Katherine Andrea Jamie Mary Erica Courtney Kristen Shannon Lindsey Christine April
Allison Julie Maria Vanessa Kathryn Kristin Alicia Katie Holly Lindsay Kelsey Anna Chelsea Kayla Hannah
Victoria Alyssa Madison Abigail Olivia Emma Isabella Sophia Ava Chloe Grace Natalie Brianna Alexis Taylor
Morgan Sydney Destiny Jasmine Haley Brooke Kaitlyn Mackenzie Jenna Paige Alexandra Caitlin Molly Leah
Gabrielle Kathleen Monica Patricia Cynthia Tara Dana Kristina Diana Natasha Veronica Margaret Whitney Karen
Susan Catherine Valerie Tracy Jill Kara Jacqueline Lori Wendy Stacy Carrie Dawn Tina Denise Krystal Leslie
Erika Teresa Sabrina Cassandra Julia Ella Lily Avery Riley`.split(/\s+/);

// Names given to both boys and girls: most of their rows keep the listed gender, some flip.
const UNISEX = new Set(['Jordan', 'Casey', 'Cameron', 'Angel', 'Kelly', 'Jamie', 'Alexis', 'Taylor', 'Morgan', 'Leslie', 'Avery', 'Riley']);

// How many names each state reports per year; 'other' (all remaining states pooled) reports every name.
const STATE_NAMES: [string, number][] = [
  ['CA', 190], ['FL', 140], ['IL', 150], ['MA', 115], ['MI', 130], ['NJ', 125],
  ['NY', 170], ['OH', 135], ['PA', 140], ['TX', 175], ['other', 250],
];
const STATE_SIZE: Record<string, number> = {
  CA: 1.0, FL: 0.55, IL: 0.5, MA: 0.22, MI: 0.38, NJ: 0.3, NY: 0.7, OH: 0.44, PA: 0.42, TX: 0.8, other: 6.0,
};

const FIRST_YEAR = 1965;
const LAST_YEAR = 2008;
const YEARS = LAST_YEAR - FIRST_YEAR + 1;
const ROWS_PER_REPLICA = YEARS * STATE_NAMES.reduce((sum, [, k]) => sum + k, 0);

interface NameProfile {
  name: string;
  gender: 'boy' | 'girl';
  base: number;
  peak: number;
  width: number;
}

function profiles(): NameProfile[] {
  // One fixed seed: a name's popularity curve is the same in every replica, only the draws differ.
  const rng = new Rng('birth_names:profiles');
  const make = (names: string[], gender: 'boy' | 'girl'): NameProfile[] =>
    names.map((name, rank) => ({
      name,
      gender,
      base: 1 / (rank + 4) ** 0.9,
      peak: rng.int(1950, 2015),
      width: rng.float(8, 30),
    }));
  return [...make(BOYS, 'boy'), ...make(GIRLS, 'girl')];
}

function popularity(p: NameProfile, year: number): number {
  const z = (year - p.peak) / p.width;
  return p.base * (0.08 + Math.exp(-0.5 * z * z));
}

function* replica(names: NameProfile[], r: number): Generator<Row> {
  const rng = new Rng(`birth_names#${r}`);
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const ds = yearStart(year);
    const weights = names.map((p) => popularity(p, year));
    for (const [state, k] of STATE_NAMES) {
      // Weighted sampling without replacement (Efraimidis–Spirakis): the k largest u^(1/w) keys.
      const keyed = names.map((p, i) => ({ i, key: Math.log(1 - rng.next()) / weights[i] }));
      keyed.sort((a, b) => b.key - a.key || a.i - b.i);
      const chosen = keyed.slice(0, k).map((e) => e.i).sort((a, b) => a - b);
      for (const i of chosen) {
        const p = names[i];
        const flipped = UNISEX.has(p.name) && rng.chance(0.25);
        const gender = flipped ? (p.gender === 'boy' ? 'girl' : 'boy') : p.gender;
        const expected = weights[i] * STATE_SIZE[state] * 9000 * (flipped ? 0.3 : 1);
        const num = Math.max(5, Math.round(expected * Math.exp(rng.normal(0, 0.2))));
        yield [ds, gender, p.name, num, state, gender === 'boy' ? num : 0, gender === 'girl' ? num : 0];
      }
    }
  }
}

export const birthNames: ExampleTable = {
  name: 'birth_names',
  description: 'US baby names by year and state, 1965–2008 (synthetic, shaped like the SSA data).',
  columns: columns({
    ds: 'timestamp', gender: 'text', name: 'text', num: 'bigint', state: 'text', num_boys: 'bigint', num_girls: 'bigint',
  }),
  scalable: true,
  rowCount(scale) {
    assertScale(scale);
    return ROWS_PER_REPLICA * scale;
  },
  *rows(scale) {
    assertScale(scale);
    const names = profiles();
    for (let r = 0; r < scale; r++) yield* replica(names, r);
  },
};
