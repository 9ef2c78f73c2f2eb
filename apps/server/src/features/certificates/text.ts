import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';

/**
 * Text from data on a certificate, in any script (ADR 049): each grapheme is given a Noto face by its script (Latin,
 * Greek and Cyrillic; Chinese and Japanese; Arabic; Hebrew; Devanagari; emoji), right-to-left text is put in visual
 * order by the Unicode bidi algorithm (bidi-js), and each run is shaped by fontkit through pdfkit (Arabic joining,
 * Devanagari conjuncts, emoji sequences). pdfkit embeds only the glyphs a certificate uses (a subset per face).
 */
export type Face = 'latin' | 'cjk' | 'arabic' | 'hebrew' | 'devanagari' | 'emoji';
export type Weight = 'regular' | 'bold' | 'italic';

const require = createRequire(import.meta.url);
const expo = (family: string, file: string) => require.resolve(`@expo-google-fonts/${family}/${file}`);

/** One file per face and weight (italic exists for Latin only; other scripts print upright). */
export const FACE_FILES: Record<Face, Record<Weight, string>> = {
  latin: {
    regular: expo('noto-serif', '400Regular/NotoSerif_400Regular.ttf'),
    bold: expo('noto-serif', '700Bold/NotoSerif_700Bold.ttf'),
    italic: expo('noto-serif', '400Regular_Italic/NotoSerif_400Regular_Italic.ttf'),
  },
  cjk: {
    regular: expo('noto-serif-sc', '400Regular/NotoSerifSC_400Regular.ttf'),
    bold: expo('noto-serif-sc', '700Bold/NotoSerifSC_700Bold.ttf'),
    italic: expo('noto-serif-sc', '400Regular/NotoSerifSC_400Regular.ttf'),
  },
  arabic: {
    regular: expo('noto-naskh-arabic', '400Regular/NotoNaskhArabic_400Regular.ttf'),
    bold: expo('noto-naskh-arabic', '700Bold/NotoNaskhArabic_700Bold.ttf'),
    italic: expo('noto-naskh-arabic', '400Regular/NotoNaskhArabic_400Regular.ttf'),
  },
  hebrew: {
    regular: expo('noto-serif-hebrew', '400Regular/NotoSerifHebrew_400Regular.ttf'),
    bold: expo('noto-serif-hebrew', '700Bold/NotoSerifHebrew_700Bold.ttf'),
    italic: expo('noto-serif-hebrew', '400Regular/NotoSerifHebrew_400Regular.ttf'),
  },
  devanagari: {
    regular: expo('noto-serif-devanagari', '400Regular/NotoSerifDevanagari_400Regular.ttf'),
    bold: expo('noto-serif-devanagari', '700Bold/NotoSerifDevanagari_700Bold.ttf'),
    italic: expo('noto-serif-devanagari', '400Regular/NotoSerifDevanagari_400Regular.ttf'),
  },
  emoji: {
    regular: expo('noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'),
    bold: expo('noto-emoji', '700Bold/NotoEmoji_700Bold.ttf'),
    italic: expo('noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'),
  },
};

/** The order in which faces are tried for a grapheme that its own script's face does not cover. */
const FALLBACK_ORDER: Face[] = ['latin', 'cjk', 'arabic', 'hebrew', 'devanagari', 'emoji'];

const fileBytes = new Map<string, Buffer>();
/** A font file's bytes, read once per process (the CJK files are about 15 MB each, read only when a text needs them). */
function bytesOf(file: string): Buffer {
  let bytes = fileBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    fileBytes.set(file, bytes);
  }
  return bytes;
}

const coverageFonts = new Map<Face, fontkit.Font>();
function coverageFont(face: Face): fontkit.Font {
  let font = coverageFonts.get(face);
  if (!font) {
    font = fontkit.create(bytesOf(FACE_FILES[face].regular)) as fontkit.Font;
    coverageFonts.set(face, font);
  }
  return font;
}

/** Joiners, variation selectors and tags: shaped with their neighbours, never drawn alone. */
const INVISIBLE = /[\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/** Whether a face has a glyph for every visible code point of a grapheme. */
export function faceCovers(face: Face, grapheme: string): boolean {
  const font = coverageFont(face);
  for (const char of grapheme) {
    if (INVISIBLE.test(char)) continue;
    if (!font.hasGlyphForCodePoint(char.codePointAt(0)!)) return false;
  }
  return true;
}

const EMOJI = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\uFE0F|\u20E3/u;
const SCRIPT_FACES: [RegExp, Face][] = [
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u, 'cjk'],
];
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/** The face a grapheme's script asks for; null for script-neutral graphemes (spaces, digits, punctuation). */
function scriptFace(grapheme: string): Face | null {
  if (EMOJI.test(grapheme)) return 'emoji';
  for (const [pattern, face] of SCRIPT_FACES) if (pattern.test(grapheme)) return face;
  return NEUTRAL.test(grapheme) ? null : 'latin';
}

interface Cluster {
  text: string;
  /** The text with brackets mirrored where it is right-to-left (UAX #9, L4). */
  mirrored: string;
  /** UTF-16 offset in the paragraph. */
  start: number;
  face: Face;
  level: number;
}

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Every grapheme with its face and bidi embedding level; neutral ones take the face of their neighbours. */
export function clustersOf(text: string): { clusters: Cluster[]; baseLevel: number } {
  const embedding = bidi.getEmbeddingLevels(text);
  const mirrors = bidi.getMirroredCharactersMap(text, embedding.levels);
  const parts = [...graphemes.segment(text)].map(({ segment, index }) => {
    const mirrored = mirrors.has(index) ? mirrors.get(index)! + segment.slice(1) : segment;
    return { text: segment, mirrored, start: index, strong: scriptFace(segment), level: embedding.levels[index] ?? 0 };
  });
  const clusters: Cluster[] = [];
  // A neutral grapheme takes the face of the text before it (or after it, at the start); never the emoji face,
  // whose spaces and punctuation are as wide as a pictograph.
  const textFace = (face: Face | null | undefined) => (face === 'emoji' ? null : (face ?? null));
  let previous: Face | null = null;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    let face: Face =
      part.strong ?? previous ?? parts.slice(i + 1).find((next) => textFace(next.strong))?.strong ?? 'latin';
    if (!faceCovers(face, part.text)) face = FALLBACK_ORDER.find((other) => faceCovers(other, part.text)) ?? face;
    clusters.push({ text: part.text, mirrored: part.mirrored, start: part.start, face, level: part.level });
    previous = textFace(face) ?? previous;
  }
  return { clusters, baseLevel: embedding.paragraphs[0]?.level ?? 0 };
}

interface Run {
  text: string;
  mirrored: string;
  face: Face;
  level: number;
}

/** Adjacent graphemes of one face and level, merged: each run is shaped as one piece. */
function runsOf(clusters: Cluster[]): Run[] {
  const runs: Run[] = [];
  for (const cluster of clusters) {
    const last = runs.at(-1);
    if (last && last.face === cluster.face && last.level === cluster.level) {
      last.text += cluster.text;
      last.mirrored += cluster.mirrored;
    } else {
      runs.push({ text: cluster.text, mirrored: cluster.mirrored, face: cluster.face, level: cluster.level });
    }
  }
  return runs;
}

/** Runs in visual order (UAX #9, L2): from the highest level down to the lowest odd one, reverse each sequence. */
function visualOrder(runs: Run[]): Run[] {
  const ordered = [...runs];
  const highest = Math.max(0, ...ordered.map((run) => run.level));
  const lowestOdd = Math.min(...ordered.map((run) => run.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < ordered.length;) {
      if (ordered[i]!.level < level) {
        i += 1;
        continue;
      }
      let end = i;
      while (end < ordered.length && ordered[end]!.level >= level) end += 1;
      ordered.splice(i, end - i, ...ordered.slice(i, end).reverse());
      i = end;
    }
  }
  return ordered;
}

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Whether fontkit will lay this text out right to left: it goes by the first character of a script. */
function fontkitReverses(text: string): boolean {
  for (const char of text) {
    if (NEUTRAL.test(char)) continue;
    return RTL_SCRIPT.test(char);
  }
  return false;
}

/**
 * The text to hand to pdfkit for a run, so that it comes out in visual order: fontkit reverses runs of a
 * right-to-left script itself; a run whose level says otherwise (digits in Arabic at an even level, punctuation at
 * an odd level) is reversed here, grapheme by grapheme. Brackets are mirrored here too (fontkit does not apply
 * the fonts' `rtlm`).
 */
function drawnText(run: Run): string {
  if ((run.level % 2 === 1) === fontkitReverses(run.text)) return run.mirrored;
  return [...graphemes.segment(run.mirrored)]
    .map((part) => part.segment)
    .reverse()
    .join('');
}

/** The part of pdfkit's document this module uses. */
export interface TextCanvas {
  registerFont(name: string, src: Buffer): unknown;
  font(name: string): TextCanvas;
  fontSize(size: number): TextCanvas;
  fillColor(color: string): TextCanvas;
  widthOfString(text: string, options?: PDFKit.Mixins.TextOptions): number;
  text(text: string, x: number, y: number, options?: PDFKit.Mixins.TextOptions): TextCanvas;
}

const registered = new WeakMap<TextCanvas, Set<string>>();
function useFace(doc: TextCanvas, face: Face, weight: Weight): TextCanvas {
  const name = `${face}-${weight}`;
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, bytesOf(FACE_FILES[face][weight]));
    names.add(name);
  }
  return doc.font(name);
}

// `features: []` makes pdfkit shape each run as a whole (by default it shapes word by word, which would keep the
// words of a right-to-left run in logical order).
const SHAPE_WHOLE_RUN: PDFKit.Mixins.TextOptions = { features: [], lineBreak: false };

function runWidth(doc: TextCanvas, run: Run, weight: Weight, size: number): number {
  return useFace(doc, run.face, weight).fontSize(size).widthOfString(drawnText(run), SHAPE_WHOLE_RUN);
}

function lineWidth(doc: TextCanvas, clusters: Cluster[], weight: Weight, size: number): number {
  return runsOf(clusters).reduce((sum, run) => sum + runWidth(doc, run, weight, size), 0);
}

const SPACE = /^\s+$/u;

/** Where a line may break: after a space, and on either side of a Chinese or Japanese character. */
function breakAfter(clusters: Cluster[], i: number): boolean {
  const here = clusters[i]!;
  const next = clusters[i + 1];
  if (!next) return true;
  if (SPACE.test(here.text)) return true;
  return (here.face === 'cjk' || next.face === 'cjk') && !SPACE.test(next.text);
}

function trimSpaces(line: Cluster[]): Cluster[] {
  let start = 0;
  let end = line.length;
  while (start < end && SPACE.test(line[start]!.text)) start += 1;
  while (end > start && SPACE.test(line[end - 1]!.text)) end -= 1;
  return line.slice(start, end);
}

/** Greedy line breaking at the allowed places; a piece wider than the line stands on a line of its own. */
function wrap(doc: TextCanvas, clusters: Cluster[], weight: Weight, size: number, width: number): Cluster[][] {
  const pieces: Cluster[][] = [];
  let piece: Cluster[] = [];
  clusters.forEach((cluster, i) => {
    piece.push(cluster);
    if (breakAfter(clusters, i)) {
      pieces.push(piece);
      piece = [];
    }
  });
  const lines: Cluster[][] = [];
  let line: Cluster[] = [];
  for (const next of pieces) {
    const candidate = [...line, ...next];
    if (line.length > 0 && lineWidth(doc, trimSpaces(candidate), weight, size) > width) {
      lines.push(trimSpaces(line));
      line = [...next];
    } else {
      line = candidate;
    }
  }
  if (trimSpaces(line).length > 0) lines.push(trimSpaces(line));
  return lines;
}

/** Cuts a line to the width, ending it with an ellipsis (at its logical end: on the left in right-to-left text). */
function ellipsize(doc: TextCanvas, line: Cluster[], weight: Weight, size: number, width: number, baseLevel: number) {
  const kept = [...line];
  const dots = (): Cluster => {
    const face = kept.at(-1)?.face ?? 'latin';
    return { text: '…', mirrored: '…', start: 0, face: faceCovers(face, '…') ? face : 'latin', level: baseLevel };
  };
  while (kept.length > 0 && lineWidth(doc, [...trimSpaces(kept), dots()], weight, size) > width) kept.pop();
  return [...trimSpaces(kept), dots()];
}

export interface TextBlock {
  /** Left edge and width of the column the text is centred in. */
  x: number;
  width: number;
  /** Top of the first line (as pdfkit's `text` takes y). */
  top: number;
  /** The preferred size; the text shrinks to `minSize` before it wraps or is cut. */
  size: number;
  minSize: number;
  maxLines: number;
  weight: Weight;
  color: string;
}

/** Noto Serif's ascent (1.069 em): the baseline of a line whose top is at `top`. */
const ASCENT = 1.069;
const LINE_HEIGHT = 1.25;

/**
 * Draws a text centred in a column: the largest size from `size` down to `minSize` at which it fits in `maxLines`
 * lines, else `maxLines` lines at `minSize` with an ellipsis. Mixed scripts sit on one baseline.
 */
export function drawText(doc: TextCanvas, raw: string, block: TextBlock): void {
  const text = raw.replace(/[\r\n\t]+/g, ' ').trim();
  if (!text) return;
  const { clusters, baseLevel } = clustersOf(text);
  let size = block.size;
  let lines = wrap(doc, clusters, block.weight, size, block.width);
  while (size > block.minSize && (lines.length > block.maxLines || tooWide(lines, size))) {
    size -= 1;
    lines = wrap(doc, clusters, block.weight, size, block.width);
  }
  if (lines.length > block.maxLines || tooWide(lines, size)) {
    lines = lines.slice(0, block.maxLines);
    const last = lines.length - 1;
    lines[last] = ellipsize(doc, lines[last]!, block.weight, size, block.width, baseLevel);
  }

  let baseline = block.top + ASCENT * size;
  for (const line of lines) {
    const runs = visualOrder(runsOf(line));
    const widths = runs.map((run) => runWidth(doc, run, block.weight, size));
    let x = block.x + (block.width - widths.reduce((sum, w) => sum + w, 0)) / 2;
    runs.forEach((run, i) => {
      useFace(doc, run.face, block.weight)
        .fontSize(size)
        .fillColor(block.color)
        .text(drawnText(run), x, baseline, { ...SHAPE_WHOLE_RUN, baseline: 'alphabetic' });
      x += widths[i]!;
    });
    baseline += LINE_HEIGHT * size;
  }

  function tooWide(candidate: Cluster[][], at: number): boolean {
    return candidate.some((line) => lineWidth(doc, line, block.weight, at) > block.width);
  }
}
