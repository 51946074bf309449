import { Rng, round, weightedPicker } from '../random.server';
import { assertScale, columns, type ExampleTable, type Row } from './shared.server';

/*
 * Video game sales in millions of units by region, shaped like the VGChartz list: a heavy-tailed
 * global total (a handful of 30M+ hits, a long tail of 0.01M titles), platforms released in their
 * own eras, and Japanese publishers selling mostly in Japan. Titles are invented. Rows are ranked
 * by global sales; a larger scale makes a longer list with the same shape.
 */

const ROWS_PER_REPLICA = 16_595;

// [platform, number of titles, first year, last year]
const PLATFORMS: [string, number, number, number][] = [
  ['DS', 2163, 2004, 2014], ['PS2', 2161, 2000, 2011], ['PS3', 1329, 2006, 2016], ['Wii', 1325, 2006, 2016],
  ['X360', 1265, 2005, 2016], ['PSP', 1213, 2004, 2015], ['PS', 1196, 1994, 2003], ['PC', 960, 1985, 2016],
  ['XB', 824, 2000, 2008], ['GBA', 822, 2001, 2008], ['GC', 556, 2001, 2007], ['3DS', 509, 2011, 2016],
  ['PSV', 413, 2011, 2016], ['PS4', 336, 2013, 2016], ['N64', 319, 1996, 2002], ['SNES', 239, 1990, 1999],
  ['XOne', 213, 2013, 2016], ['SAT', 173, 1994, 1999], ['WiiU', 143, 2012, 2016], ['2600', 133, 1980, 1989],
  ['NES', 98, 1983, 1994], ['GB', 98, 1989, 2001], ['DC', 52, 1998, 2002], ['GEN', 27, 1990, 1997],
];
const GENRES: [string, number][] = [
  ['Action', 3316], ['Sports', 2346], ['Misc', 1739], ['Role-Playing', 1488], ['Shooter', 1310], ['Adventure', 1286],
  ['Racing', 1249], ['Platform', 886], ['Simulation', 867], ['Fighting', 848], ['Strategy', 681], ['Puzzle', 582],
];
// [publisher, weight, Japanese?]
const PUBLISHERS: [string, number, boolean][] = [
  ['Electronic Arts', 1351, false], ['Activision', 975, false], ['Namco Bandai Games', 932, true], ['Ubisoft', 921, false],
  ['Konami Digital Entertainment', 832, true], ['THQ', 715, false], ['Nintendo', 703, true],
  ['Sony Computer Entertainment', 683, false], ['Sega', 639, true], ['Take-Two Interactive', 413, false],
  ['Capcom', 381, true], ['Atari', 363, false], ['Tecmo Koei', 338, true], ['Square Enix', 233, true],
  ['Warner Bros. Interactive Entertainment', 232, false], ['Disney Interactive Studios', 218, false],
  ['Unknown', 203, false], ['Eidos Interactive', 198, false], ['Midway Games', 198, false], ['505 Games', 192, false],
  ['Microsoft Game Studios', 189, false], ['D3Publisher', 184, true], ['Acclaim Entertainment', 184, false],
  ['Vivendi Games', 164, false], ['Codemasters', 152, false], ['Idea Factory', 129, true], ['Deep Silver', 122, false],
  ['Nippon Ichi Software', 105, true], ['Zoo Digital Publishing', 104, false], ['Majesco Entertainment', 92, false],
  ['LucasArts', 90, false], ['Level 5', 80, true], ['Hudson Soft', 77, true], ['Bethesda Softworks', 71, false],
];
// Platform holders publish only on their own hardware.
const FIRST_PARTY: Record<string, string[]> = {
  Nintendo: ['NES', 'SNES', 'N64', 'GC', 'Wii', 'WiiU', 'GB', 'GBA', 'DS', '3DS'],
  'Sony Computer Entertainment': ['PS', 'PS2', 'PS3', 'PS4', 'PSP', 'PSV'],
  'Microsoft Game Studios': ['XB', 'X360', 'XOne', 'PC'],
};
const WORDS_A = `Super Mega Dark Shadow Star Galactic Iron Crystal Dragon Neon Turbo Wild Lost Final Eternal Silent Crimson
Pixel Rogue Hyper Storm Frozen Ancient Cyber Royal Phantom Savage Lucky Mystic Urban Thunder Golden Brave Little`.split(/\s+/);
const WORDS_B = `Racers Legends Quest Warriors Saga Kingdom Soccer Tennis Golf Party Tactics Chronicles Raiders Heroes Fighters
Hunters Knights Ninjas Pilots Drift Rally Football Baseball Hockey Island Academy Odyssey Defenders Arena Empire
Frontier Dungeon Puzzle Farm Zoo Pets Dance Squad`.split(/\s+/);
const SUBTITLES = ['Reloaded', 'Origins', 'Deluxe', 'Revolution', 'The Lost Crown', 'World Tour', 'Anniversary Edition',
  'Rising', 'Unleashed', 'Championship Edition', 'Remastered', 'Gold', 'Director\'s Cut', 'Portable'];

// Global sales by rank, as (rank, millions) anchors on a log-log curve fitted by eye to VGChartz.
const ANCHORS: [number, number][] = [
  [1, 82.7], [10, 28], [100, 6.8], [1000, 1.7], [4000, 0.55], [8300, 0.17], [13000, 0.05], [16595, 0.01],
];

function globalTarget(rank: number, total: number): number {
  const x = Math.log(((rank - 1) / Math.max(1, total - 1)) * (16595 - 1) + 1);
  for (let i = 1; i < ANCHORS.length; i++) {
    const [r1, g1] = ANCHORS[i];
    if (x <= Math.log(r1) || i === ANCHORS.length - 1) {
      const [r0, g0] = ANCHORS[i - 1];
      const f = (x - Math.log(r0)) / (Math.log(r1) - Math.log(r0));
      return Math.exp(Math.log(g0) + f * (Math.log(g1) - Math.log(g0)));
    }
  }
  return 0.01;
}

function title(rng: Rng): string {
  const base = `${rng.pick(WORDS_A)} ${rng.pick(WORDS_B)}`;
  const roll = rng.next();
  if (roll < 0.25) return `${base} ${rng.int(2, 5)}`;
  if (roll < 0.45) return `${base}: ${rng.pick(SUBTITLES)}`;
  return base;
}

function* generate(scale: number): Generator<Row> {
  const rng = new Rng('video_game_sales');
  const total = ROWS_PER_REPLICA * scale;
  const pickPlatform = weightedPicker(PLATFORMS, PLATFORMS.map((p) => p[1]));
  const pickGenre = weightedPicker(GENRES, GENRES.map((g) => g[1]));
  const pickPublisher = weightedPicker(PUBLISHERS, PUBLISHERS.map((p) => p[1]));
  const games: { row: Row; global: number; i: number }[] = [];
  for (let i = 0; i < total; i++) {
    const [platform, , first, last] = pickPlatform(rng);
    // Most of a platform's titles come out in the middle of its life, a few at launch or at the end.
    const position = rng.chance(0.25) ? rng.next() : (rng.next() + rng.next() + rng.next()) / 3;
    const year = first + Math.min(last - first, Math.floor((last - first + 1) * position));
    let [publisher, , japanese] = pickPublisher(rng);
    while (FIRST_PARTY[publisher] && !FIRST_PARTY[publisher].includes(platform)) [publisher, , japanese] = pickPublisher(rng);
    const target = globalTarget(i + 1, total) * Math.exp(rng.normal(0, 0.08));
    const w = japanese
      ? [rng.float(0.15, 0.45), rng.float(0.08, 0.3), rng.float(0.25, 0.8), rng.float(0.02, 0.08)]
      : [rng.float(0.4, 0.65), rng.float(0.2, 0.45), rng.float(0, 0.08), rng.float(0.05, 0.14)];
    const sum = w[0] + w[1] + w[2] + w[3];
    const regions = w.map((x) => round((target * x) / sum, 2));
    if (!regions.some((x) => x > 0)) regions[japanese ? 2 : 0] = 0.01;
    const global = round(regions[0] + regions[1] + regions[2] + regions[3], 2);
    games.push({ row: [title(rng), platform, year, pickGenre(rng)[0], publisher, ...regions, global], global, i });
  }
  games.sort((a, b) => b.global - a.global || a.i - b.i);
  for (let k = 0; k < games.length; k++) yield [k + 1, ...games[k].row];
}

export const videoGameSales: ExampleTable = {
  name: 'video_game_sales',
  description: 'Video game sales by platform and region, 1980–2016, in millions of units (synthetic titles).',
  columns: columns({
    rank: 'bigint', name: 'text', platform: 'text', year: 'bigint', genre: 'text', publisher: 'text',
    na_sales: 'float', eu_sales: 'float', jp_sales: 'float', other_sales: 'float', global_sales: 'float',
  }),
  scalable: true,
  rowCount(scale) {
    assertScale(scale);
    return ROWS_PER_REPLICA * scale;
  },
  *rows(scale) {
    assertScale(scale);
    yield* generate(scale);
  },
};
