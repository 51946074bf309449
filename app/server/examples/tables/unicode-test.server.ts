import { unicodeTest as definition } from '../dataset-definitions/covid-and-unicode.server';
import { tableColumnsOf } from '../dataset-definitions/shared.server';
import { Rng } from '../random.server';
import { assertScale, daysFromCivil, formatDate, rowBuilder, type ExampleTable, type Row } from './shared.server';

/*
 * Phrases in many scripts (Cyrillic, Greek, CJK, Arabic and Hebrew right to left, Indic scripts,
 * Thai, Georgian, Ethiopic, emoji, combining marks, astral-plane characters), for checking that
 * every layer keeps text intact. short_phrase is the first ten characters (code points, as
 * VARCHAR(10) counts them); with_missing is empty for every third row.
 */

const PHRASES = [
  'Hello, world!',
  'Привет, мир!',
  'Γειά σου Κόσμε',
  'こんにちは世界',
  '你好，世界',
  '안녕하세요 세계',
  'مرحبا بالعالم',
  'שלום עולם',
  'नमस्ते दुनिया',
  'สวัสดีชาวโลก',
  'გამარჯობა მსოფლიო',
  'Բարև աշխարհ',
  'ሰላም ዓለም',
  'ওহে বিশ্ব',
  'வணக்கம் உலகம்',
  'Привіт, світе!',
  'Xin chào thế giới',
  'Merhaba dünya',
  'Witaj świecie',
  'Ahoj světe',
  'Hallo Welt, schöne Grüße',
  'Halló heimur',
  'سلام دنیا',
  'ہیلو دنیا',
  'Сайн уу, дэлхий',
  'ಹಲೋ ವರ್ಲ್ಡ್',
  'హలో వరల్డ్',
  'ഹലോ വേൾഡ്',
  'હેલો વર્લ્ડ',
  'ਸਤਿ ਸ੍ਰੀ ਅਕਾਲ ਦੁਨੀਆ',
  'Olá, mundo! Ação e coração',
  '¡Hola, mundo! ¿Qué tal?',
  'Bonjour le monde, ça va ?',
  'Ciao mondo, perché no?',
  'Hej världen, smörgåsbord',
  '👋🌍 Hello with emoji 🎉✨',
  '∀x ∈ ℝ: x² ≥ 0',
  'Z̤͔ͧ̑a̜l̘g̖o͔ text with combining marks',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝔣𝔯𝔞𝔨𝔱𝔲𝔯',
  '漢字・かな・カナ混じり文',
  'Ελληνικά και Русский вместе',
];
const ROWS = PHRASES.length;
const COLUMNS = tableColumnsOf(definition);

function* generate(): Generator<Row> {
  const rng = new Rng('unicode_test');
  const build = rowBuilder(COLUMNS);
  const first = daysFromCivil(2020, 1, 1);
  for (const [i, phrase] of PHRASES.entries()) {
    const chars = [...phrase];
    yield build({
      phrase,
      short_phrase: chars.slice(0, 10).join('').trim(),
      with_missing: i % 3 === 2 ? null : chars.slice(0, 5).join('').trim(),
      dttm: formatDate(first + i),
      value: rng.int(1, 100),
    });
  }
}

export const unicodeTestTable: ExampleTable = {
  name: definition.table_name,
  description: 'Short phrases in many writing systems, for checking that text survives every layer.',
  columns: COLUMNS,
  scalable: false,
  rowCount(scale) {
    assertScale(scale);
    return ROWS;
  },
  *rows(scale) {
    assertScale(scale);
    yield* generate();
  },
};
