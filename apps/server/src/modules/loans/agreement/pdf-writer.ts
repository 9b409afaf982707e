import { directionOf, type Locale } from '@swx/i18n';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { covers, fontChain, layoutOf, parsed, type FontName } from './fonts';

/**
 * A small page writer on pdfkit that lays out mixed-direction text itself. pdfkit shapes glyphs
 * through fontkit (Arabic letters join) but places the words of a line in logical order (its issue
 * #219), so each line here goes through the Unicode bidirectional algorithm (bidi-js): the line is
 * cut into pieces of one embedding level and one font, the pieces are put in visual order (rule
 * L2), and each is drawn at its own x. fontkit lays out an Arabic piece right to left by itself;
 * a right-to-left piece without Arabic letters (punctuation) is reversed and mirrored here.
 * Lines wrap at spaces, and between any two CJK characters.
 */

const bidi = bidiFactory();
const SPACE = /\s/u;
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
/**
 * What can give a character an embedding level above 0 in a left-to-right paragraph: a
 * right-to-left letter or number, a right-to-left mark, an explicit embedding or isolate. A line
 * of a left-to-right document without any is all at level 0 and skips the bidi pass.
 */
const BIDI_NEEDED =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u202a-\u202e\u2066-\u2069\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/** Characters any font draws the same way: they stay in the font of the piece around them. */
const NEUTRAL = /[\s0-9.,:;%+\-–—/()[\]'"·×=*#@_]/u;
/** Within this many points of a line's limit, wrapping lays the whole line out to decide. */
const NEAR_LIMIT = 12;
/** Punctuation that may not begin a line (CJK line-breaking rules). */
const NO_LINE_START = /[，。；：、）」』】！？,.;:!?)]/u;
/** Characters between which a line may break without a space. */
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** What pdfkit keeps of an embedded font (not in its types): the subset and its ToUnicode map. */
interface EmbeddedFont {
  subset: { includeGlyph(id: number): number };
  unicode: number[][];
}

interface Piece {
  text: string;
  level: number;
  font: FontName;
  width: number;
}

export interface WriterOptions {
  locale: Locale;
  title: string;
  margin?: number;
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;
  private readonly chain: FontName[];
  private readonly registered = new Set<FontName>();
  /** Widths already measured, by font, size and text: wrapping measures a line's words again and again. */
  private readonly widths = new Map<string, number>();
  private readonly margin: number;
  private size = 10;

  constructor(options: WriterOptions) {
    this.margin = options.margin ?? 56;
    this.doc = new PDFDocument({
      size: 'A4',
      margin: this.margin,
      info: { Title: options.title, Creator: 'SWX' },
      lang: options.locale,
      pdfVersion: '1.7',
    });
    this.rtl = directionOf(options.locale) === 'rtl';
    this.chain = fontChain(options.locale);
  }

  get width(): number {
    return this.doc.page.width - 2 * this.margin;
  }

  get left(): number {
    return this.margin;
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.y = value;
  }

  private use(font: FontName): void {
    if (!this.registered.has(font)) {
      // pdfkit takes a parsed fontkit font as it is (font_factory: anything with `layout`),
      // though its type declarations list only paths and bytes.
      this.doc.registerFont(font, parsed(font) as unknown as PDFKit.Mixins.PDFFontSource);
      this.registered.add(font);
    }
    this.doc.font(font).fontSize(this.size);
  }

  private fontFor(char: string, current: FontName | undefined): FontName {
    if (current && NEUTRAL.test(char)) return current;
    const codePoint = char.codePointAt(0) ?? 32;
    return this.chain.find((f) => covers(f, codePoint)) ?? this.chain[0]!;
  }

  private measure(text: string, font: FontName): number {
    const key = `${font}\u0000${this.size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      this.use(font);
      width = this.doc.widthOfString(text);
      this.widths.set(key, width);
    }
    return width;
  }

  /** The line's pieces in visual order, each with its width. */
  private piecesOf(line: string): Piece[] {
    const chars = Array.from(line);
    // bidi-js works on UTF-16 indexes: map each code point to its first unit.
    const levels =
      this.rtl || BIDI_NEEDED.test(line)
        ? bidi.getEmbeddingLevels(line, this.rtl ? 'rtl' : 'ltr').levels
        : undefined;
    const logical: Omit<Piece, 'width'>[] = [];
    let unit = 0;
    let current: FontName | undefined;
    for (const char of chars) {
      const level = levels?.[unit] ?? 0;
      unit += char.length;
      const space = SPACE.test(char);
      const font = space ? (current ?? this.chain[0]!) : this.fontFor(char, current);
      current = font;
      const last = logical.at(-1);
      // Words are separate pieces so that a right-to-left run can be ordered word by word.
      if (last && last.level === level && last.font === font && !space && !SPACE.test(last.text)) {
        last.text += char;
      } else {
        logical.push({ text: char, level, font });
      }
    }
    // Rule L2: from the highest level to the lowest odd one, reverse every run at that level or above.
    const maxLevel = Math.max(0, ...logical.map((p) => p.level));
    const lowestOdd = Math.min(
      ...logical.map((p) => (p.level % 2 === 1 ? p.level : p.level + 1)),
      maxLevel + 1,
    );
    const visual = [...logical];
    for (let level = maxLevel; level >= lowestOdd; level--) {
      let i = 0;
      while (i < visual.length) {
        if (visual[i]!.level >= level) {
          let j = i;
          while (j + 1 < visual.length && visual[j + 1]!.level >= level) j++;
          const reversed = visual.slice(i, j + 1).reverse();
          visual.splice(i, reversed.length, ...reversed);
          i = j + 1;
        } else i++;
      }
    }
    return visual.map((p) => {
      let text = p.text;
      // Right to left, brackets take their mirrored glyph. fontkit reverses a piece in a
      // right-to-left script itself (without mirroring); other pieces are reversed here.
      if (p.level % 2 === 1) {
        const mirrored = Array.from(text).map((c) => bidi.getMirroredCharacter(c) ?? c);
        text = (RTL_LETTER.test(text) ? mirrored : mirrored.reverse()).join('');
      }
      return { ...p, text, width: this.measure(text, p.font) };
    });
  }

  /** Breaks a paragraph into lines that fit the width (logical order). */
  private wrap(text: string, width: number): string[] {
    const units: string[] = [];
    for (const part of text.split(/(\s+)/u)) {
      if (!part) continue;
      if (CJK.test(part)) {
        let buffer = '';
        for (const char of Array.from(part)) {
          // Closing punctuation never starts a line: it stays with the character before it.
          if (NO_LINE_START.test(char) && !buffer && units.length > 0) {
            units[units.length - 1] += char;
            continue;
          }
          if (CJK.test(char) && buffer && !CJK.test(buffer.at(-1) ?? '')) {
            units.push(buffer);
            buffer = '';
          }
          buffer += char;
          if (CJK.test(char)) {
            units.push(buffer);
            buffer = '';
          }
        }
        if (buffer) units.push(buffer);
      } else units.push(part);
    }
    const lines: string[] = [];
    let line = '';
    // The line's width as the sum of its units' widths, each measured alone: close to the laid-out
    // width (a unit's neutral characters may take another font beside its neighbours), so the
    // whole line is laid out only when the sum comes near the limit. Laying out every candidate
    // made a paragraph's wrapping quadratic in its length: half of an agreement's rendering.
    let sum = 0;
    for (const unit of units) {
      const candidate = line + unit;
      const unitWidth = this.lineWidth(unit);
      const over =
        line &&
        !SPACE.test(unit) &&
        (Math.abs(sum + unitWidth - width) < NEAR_LIMIT
          ? this.lineWidth(candidate.trimEnd()) > width
          : sum + unitWidth > width);
      if (over) {
        lines.push(line.trimEnd());
        line = unit;
        sum = unitWidth;
      } else if (SPACE.test(unit) && !line) {
        line = '';
        sum = 0;
      } else {
        line = candidate;
        sum += unitWidth;
      }
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  }

  private lineWidth(line: string): number {
    return this.piecesOf(line).reduce((sum, p) => sum + p.width, 0);
  }

  /**
   * A ligature (lam-alef) stands for several letters. The page holds a right-to-left word's glyphs
   * in visual order and text extraction (poppler, pdf.js) reverses the word letter by letter, the
   * ligature's letters too: so a right-to-left ligature is mapped to its letters in visual order,
   * which extraction turns back into reading order.
   */
  private rightToLeftLigatures(font: FontName, text: string): void {
    const embedded = (this.doc as unknown as { _font: EmbeddedFont })._font;
    for (const glyph of layoutOf(font, text)) {
      if (glyph.codePoints.length < 2) continue;
      embedded.unicode[embedded.subset.includeGlyph(glyph.id)] = [...glyph.codePoints].reverse();
    }
  }

  /** Draws one line inside [x, x + width], starting at the reading side. */
  private drawLine(line: string, x: number, y: number, width: number, align?: 'end'): void {
    const pieces = this.piecesOf(line);
    const total = pieces.reduce((sum, p) => sum + p.width, 0);
    const toEnd = (align === 'end') !== this.rtl;
    let cursor = toEnd ? x + width - total : x;
    for (const piece of pieces) {
      this.use(piece.font);
      this.doc.text(piece.text, cursor, y, { lineBreak: false });
      if (RTL_LETTER.test(piece.text)) this.rightToLeftLigatures(piece.font, piece.text);
      cursor += piece.width;
    }
  }

  private lineHeight(): number {
    return this.size * 1.6;
  }

  private room(height: number): void {
    if (this.doc.y + height > this.doc.page.height - this.margin) {
      this.doc.addPage();
      this.doc.y = this.margin;
    }
  }

  /** A paragraph of the given size, wrapped, starting at the reading side. */
  paragraph(text: string, options: { size?: number; gap?: number } = {}): void {
    this.size = options.size ?? 10;
    for (const line of this.wrap(text, this.width)) {
      this.room(this.lineHeight());
      const y = this.doc.y;
      this.drawLine(line, this.left, y, this.width);
      this.doc.y = y + this.lineHeight();
    }
    this.doc.y += options.gap ?? 6;
    this.size = 10;
  }

  heading(text: string, size = 13): void {
    this.doc.y += 4;
    this.paragraph(text, { size, gap: 4 });
  }

  /**
   * A table: column widths as shares of the page width, in reading order (the first column is at
   * the right in a right-to-left document); cells wrap inside their column.
   */
  table(rows: string[][], shares: number[], options: { header?: boolean } = {}): void {
    this.size = 10;
    const widths = shares.map((s) => s * this.width);
    rows.forEach((row, r) => {
      const cells = row.map((cell, c) => this.wrap(cell, widths[c]! - 8));
      const height = Math.max(...cells.map((lines) => lines.length)) * this.lineHeight() + 6;
      this.room(height);
      const top = this.doc.y;
      if (r === 0 && options.header) {
        this.doc.save().rect(this.left, top, this.width, height).fill('#eef1f5').restore();
      }
      let offset = 0;
      cells.forEach((lines, c) => {
        const w = widths[c]!;
        const x = this.rtl ? this.left + this.width - offset - w : this.left + offset;
        lines.forEach((line, i) =>
          this.drawLine(line, x + 4, top + 3 + i * this.lineHeight(), w - 8),
        );
        offset += w;
      });
      this.doc
        .save()
        .moveTo(this.left, top + height)
        .lineTo(this.left + this.width, top + height)
        .lineWidth(0.5)
        .stroke('#c9ced6')
        .restore();
      this.doc.y = top + height;
    });
    this.doc.y += 8;
  }

  /** An image (the drawn signature) at the reading side, with a caption line above it. */
  image(bytes: Buffer, caption: string, height = 60): void {
    this.room(height + this.lineHeight() + 10);
    this.paragraph(caption, { gap: 2 });
    const width = 200;
    const x = this.rtl ? this.left + this.width - width : this.left;
    this.doc.image(bytes, x, this.doc.y, { fit: [width, height] });
    this.doc.y += height + 8;
  }

  /** A box outline of the given height at the reading side (where an unsigned preview is signed). */
  box(caption: string, height = 60): void {
    this.room(height + this.lineHeight() + 10);
    this.paragraph(caption, { gap: 2 });
    const width = 200;
    const x = this.rtl ? this.left + this.width - width : this.left;
    this.doc.save().rect(x, this.doc.y, width, height).dash(3, { space: 3 }).stroke('#9aa3af');
    this.doc.restore();
    this.doc.y += height + 8;
  }

  /** The finished file. */
  async end(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.doc.end();
    await done;
    return Buffer.concat(chunks);
  }
}
