import { inflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import * as fontkit from 'fontkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

/** The objects of a PDF written by pdfkit: each object's dictionary text and its stream, inflated. */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream?: Buffer }> {
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  const text = pdf.toString('latin1');
  const header = /(\d+) 0 obj\n/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('\nendobj', start);
    const body = text.slice(start, end);
    const streamAt = body.indexOf('\nstream\n');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const from = start + streamAt + '\nstream\n'.length;
    const raw = pdf.subarray(from, from + length);
    objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

export interface ShownFont {
  /** The embedded font's name, without the subset tag (e.g. NotoSerifSC-Bold). */
  name: string;
  /** The glyph codes the page shows in this font. */
  codes: number[];
  /** Each code's text (the font's ToUnicode map). */
  unicode: Map<number, string>;
  /** Codes whose glyph in the embedded font draws nothing (an empty box or a blank): spaces aside, a missing glyph. */
  blank: number[];
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

/**
 * Every embedded (Type0, TrueType-based) font the first page draws text in, with the codes it shows, their text
 * and which of them have no outline in the embedded file.
 */
export function shownFonts(pdf: Buffer): ShownFont[] {
  const objects = pdfObjects(pdf);
  const page = [...objects.values()].find((object) => /\/Type \/Page\n/.test(object.dict))!;
  const resources = objects.get(ref(page.dict, 'Resources'))!.dict;
  const fontRefs = new Map(
    [...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map(([, name, id]) => [name!, Number(id)] as const),
  );
  const content = objects.get(ref(page.dict, 'Contents'))!.stream!.toString('latin1');
  const codesByFont = new Map<string, number[]>();
  let current = '';
  for (const [, font, shown] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (font) current = font;
    else
      for (const [, hex] of shown!.matchAll(/<([0-9a-f]+)>/g)) {
        const codes = codesByFont.get(current) ?? [];
        for (let i = 0; i < hex!.length; i += 4) codes.push(parseInt(hex!.slice(i, i + 4), 16));
        codesByFont.set(current, codes);
      }
  }
  const fonts: ShownFont[] = [];
  for (const [resource, codes] of codesByFont) {
    const font = objects.get(fontRefs.get(resource)!)!.dict;
    if (!font.includes('/Subtype /Type0')) continue;
    const unicode = new Map<number, string>();
    const cmap = objects.get(ref(font, 'ToUnicode'))!.stream!.toString('latin1');
    for (const [, from, to, list] of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/g)) {
      const targets = [...list!.matchAll(/<([0-9a-f ]*)>/g)].map(([, hex]) => hex!.replace(/ /g, ''));
      for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code += 1) {
        const hex = targets[code - parseInt(from!, 16)] ?? '';
        const units = hex.match(/.{4}/g)?.map((unit) => parseInt(unit, 16)) ?? [];
        unicode.set(code, String.fromCharCode(...units));
      }
    }
    const descendant = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(font)?.[1]))!.dict;
    const descriptor = objects.get(ref(descendant, 'FontDescriptor'))!.dict;
    const file = objects.get(ref(descriptor, 'FontFile2'))!.stream!;
    const embedded = fontkit.create(file) as fontkit.Font;
    const blank = codes.filter(
      (code) => !/^\s*$/.test(unicode.get(code) ?? '') && embedded.getGlyph(code).path.commands.length === 0,
    );
    fonts.push({ name: /\/BaseFont \/\w+\+([\w-]+)/.exec(font)?.[1] ?? '', codes, unicode, blank });
  }
  return fonts;
}

/** The first page of a PDF as raw RGBA pixels (pdf.js drawing onto a canvas, no system fonts). */
export async function renderFirstPage(pdf: Buffer, scale = 1.5): Promise<{ png: Buffer; width: number }> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const page = await document.getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport }).promise;
  await document.destroy();
  return { png: canvas.toBuffer('image/png'), width: canvas.width };
}

/** A region of a PNG as greyscale pixels. */
export async function greyRegion(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  return sharp(png).extract(region).greyscale().raw().toBuffer();
}

/** The share of pixels that differ by more than a quarter of the grey range. */
export function differingShare(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) return 1;
  let differing = 0;
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) > 64) differing += 1;
  return differing / a.length;
}
