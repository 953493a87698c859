/**
 * The portal's PDFs (`@react-pdf/renderer`, `createElement` like the payslip and the 1721-A1), rendered in worker
 * threads only (./render-worker.ts): the warning letter on the company's letterhead with its signature, in the
 * employee's language, and the ID card sheet (CR80 cards on A4 with crop marks).
 */
import { Document, Image, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import {
  A4,
  CARD_SHEET,
  CARDS_PER_SHEET,
  CR80,
  cardSlot,
  type IdCardDesign,
  type IdCardField,
} from '../../common/portal.ts';
import type { PayslipCompany } from '../payslips/view.ts';
import { fontFor } from '../tax/a1-document.ts';
import { type LetterView, letterTexts } from './letter-view.ts';

// ---- Warning letter ------------------------------------------------------------------------------------------------

function kop(company: PayslipCompany): ReactElement {
  const details =
    company.kop_template === 'letterhead'
      ? [
          company.address,
          [company.phone, company.email, company.website].filter(Boolean).join(' · ') || null,
          company.npwp_number ? `NPWP: ${company.npwp_number}` : null,
        ].filter((line): line is string => Boolean(line))
      : [];
  return h(
    View,
    { style: { marginBottom: 18 } },
    h(
      View,
      { style: { flexDirection: 'row', alignItems: 'center' } },
      company.logo
        ? h(Image, { style: { width: 52, height: 52, objectFit: 'contain', marginRight: 12 }, src: company.logo })
        : null,
      h(
        View,
        { style: { flex: 1 } },
        h(Text, { style: { fontSize: 15 } }, company.name),
        ...details.map((line, i) => h(Text, { key: i, style: { fontSize: 8.5, color: '#4b5563' } }, line)),
      ),
    ),
    h(View, { style: { borderBottomWidth: 1.5, borderBottomColor: '#111827', marginTop: 8 } }),
  );
}

const row = (key: string, value: string | null) =>
  h(
    View,
    { key, style: { flexDirection: 'row', marginBottom: 3 } },
    h(Text, { style: { width: 110, color: '#4b5563' } }, key),
    h(Text, { style: { flex: 1 } }, `: ${value || '-'}`),
  );

export function LetterDocument({ view }: { view: LetterView }): ReactElement {
  const l = view.language;
  const t = letterTexts;
  const level = view.letter.type.slice(3);
  return h(
    Document,
    { title: `${t.title[l]} ${level} ${view.employee.fullname}`, author: view.company.name, language: l },
    h(
      Page,
      {
        size: 'A4',
        style: { padding: 48, fontSize: 10.5, lineHeight: 1.45, color: '#111827', fontFamily: fontFor(l) },
      },
      kop(view.company),
      h(Text, { style: { fontSize: 14, textAlign: 'center', marginBottom: 2 } }, `${t.title[l]} ${level}`),
      h(Text, { style: { textAlign: 'center', color: '#4b5563', marginBottom: 18 } }, `${t.number[l]}: ${view.number}`),
      h(Text, { style: { marginBottom: 8 } }, t.to[l]),
      row(t.name[l], view.employee.fullname),
      row(t.employeeNumber[l], view.employee.employee_number),
      row(t.jobTitle[l], view.employee.job_title),
      row(t.department[l], view.employee.department),
      h(Text, { style: { marginTop: 14, marginBottom: 8 } }, t.opening[l](level)),
      h(Text, { style: { marginBottom: 10, paddingLeft: 12 } }, view.letter.description || '-'),
      h(Text, { style: { marginBottom: 8 } }, t.validity[l](view.dates.start, view.dates.end)),
      h(Text, { style: { marginBottom: 8 } }, t.consequence[l](level)),
      h(Text, { style: { marginBottom: 24 } }, t.closing[l]),
      h(
        View,
        { style: { flexDirection: 'row', justifyContent: 'space-between' } },
        h(
          View,
          { style: { width: 200, alignItems: 'center' } },
          h(Text, null, `${view.dates.issued}`),
          h(Text, { style: { marginBottom: 6 } }, view.company.name),
          view.signature?.image
            ? h(Image, { style: { width: 120, height: 50, objectFit: 'contain' }, src: view.signature.image })
            : h(View, { style: { height: 50 } }),
          h(Text, null, view.signature?.name ?? '____________________'),
          view.signature?.title ? h(Text, { style: { color: '#4b5563' } }, view.signature.title) : null,
        ),
        h(
          View,
          { style: { width: 200, alignItems: 'center' } },
          h(Text, null, t.received[l]),
          h(Text, { style: { marginBottom: 6 } }, ' '),
          h(View, { style: { height: 50 } }),
          h(Text, null, view.employee.fullname),
        ),
      ),
    ),
  );
}

export const renderLetter = (view: LetterView): Promise<Buffer> => renderToBuffer(h(LetterDocument, { view }) as never);

// ---- ID cards -----------------------------------------------------------------------------------------------------

export interface CardPerson {
  fullname: string;
  employee_id: string;
  job_title: string | null;
  department: string | null;
  photo: Buffer | null;
  qr: Buffer | null;
}

export interface CardSheetView {
  company: { name: string; logo: Buffer | null };
  design: IdCardDesign;
  people: CardPerson[];
  labels: { employeeNumber: string };
}

function cardField(field: IdCardField, person: CardPerson, view: CardSheetView): ReactElement | null {
  const { design } = view;
  const centred = { textAlign: 'center' as const, color: design.text };
  const fields = {
    logo: () =>
      view.company.logo
        ? h(Image, { style: { width: 34, height: 34, objectFit: 'contain', marginBottom: 4 }, src: view.company.logo })
        : h(Text, { style: { ...centred, fontSize: 8, color: design.accent, marginBottom: 4 } }, view.company.name),
    photo: () =>
      person.photo
        ? h(Image, { style: { width: 64, height: 80, objectFit: 'cover', marginBottom: 6 }, src: person.photo })
        : h(View, { style: { width: 64, height: 80, backgroundColor: '#e5e7eb', marginBottom: 6 } }),
    name: () => h(Text, { style: { ...centred, fontSize: 10, marginBottom: 2 } }, person.fullname),
    employee_id: () =>
      h(Text, { style: { ...centred, fontSize: 7.5 } }, `${view.labels.employeeNumber} ${person.employee_id}`),
    job_title: () =>
      person.job_title
        ? h(Text, { style: { ...centred, fontSize: 7.5, color: design.accent } }, person.job_title)
        : null,
    department: () => (person.department ? h(Text, { style: { ...centred, fontSize: 7 } }, person.department) : null),
    qr: () => (person.qr ? h(Image, { style: { width: 72, height: 72, marginBottom: 4 }, src: person.qr }) : null),
  } satisfies Record<IdCardField, () => ReactElement | null>;
  return fields[field]();
}

/** Crop marks at a card's four corners, outside the card. */
function cropMarks(x: number, y: number, key: string): ReactElement[] {
  const mark = 8;
  const gap = 2;
  const line = (k: string, left: number, top: number, width: number, height: number) =>
    h(View, { key: `${key}-${k}`, style: { position: 'absolute', left, top, width, height, backgroundColor: '#000' } });
  const right = x + CR80.width;
  const bottom = y + CR80.height;
  return [
    line('tlh', x - gap - mark, y, mark, 0.4),
    line('tlv', x, y - gap - mark, 0.4, mark),
    line('trh', right + gap, y, mark, 0.4),
    line('trv', right, y - gap - mark, 0.4, mark),
    line('blh', x - gap - mark, bottom, mark, 0.4),
    line('blv', x, bottom + gap, 0.4, mark),
    line('brh', right + gap, bottom, mark, 0.4),
    line('brv', right, bottom + gap, 0.4, mark),
  ];
}

function card(side: 'front' | 'back', person: CardPerson, view: CardSheetView, index: number): ReactElement[] {
  const { x, y } = cardSlot(index);
  const key = `${side}-${index}`;
  const fields = view.design[side];
  return [
    h(
      View,
      {
        key,
        style: {
          position: 'absolute',
          left: x,
          top: y,
          width: CR80.width,
          height: CR80.height,
          backgroundColor: view.design.background,
          borderTopWidth: 10,
          borderTopColor: view.design.accent,
          alignItems: 'center',
          justifyContent: 'center',
          padding: 8,
        },
      },
      ...fields.map((field) => cardField(field, person, view)),
      side === 'back' && view.design.note
        ? h(
            Text,
            { style: { fontSize: 6, textAlign: 'center', color: view.design.text, marginTop: 6 } },
            view.design.note,
          )
        : null,
    ),
    ...cropMarks(x, y, key),
  ];
}

/**
 * The sheets: each page of fronts is followed by a page of the same cards' backs, mirrored by column so a
 * double-sided print puts each back behind its front.
 */
export function CardSheetDocument({ view }: { view: CardSheetView }): ReactElement {
  const pages: ReactElement[] = [];
  for (let start = 0; start < view.people.length; start += CARDS_PER_SHEET) {
    const people = view.people.slice(start, start + CARDS_PER_SHEET);
    pages.push(
      h(
        Page,
        { key: `f${start}`, size: 'A4', style: { position: 'relative', width: A4.width, height: A4.height } },
        ...people.flatMap((person, i) => card('front', person, view, i)),
      ),
    );
    if (view.design.back.length > 0 || view.design.note) {
      pages.push(
        h(
          Page,
          { key: `b${start}`, size: 'A4', style: { position: 'relative', width: A4.width, height: A4.height } },
          ...people.flatMap((person, i) => card('back', person, view, mirrored(i))),
        ),
      );
    }
  }
  return h(Document, { title: `ID cards ${view.company.name}`, author: view.company.name }, ...pages);
}

/** The slot of card `i`'s back: the same row, the column mirrored (the sheet is turned over along its long edge). */
const mirrored = (i: number) => {
  const column = i % CARD_SHEET.columns;
  return i - column + (CARD_SHEET.columns - 1 - column);
};

export const renderCardSheet = (view: CardSheetView): Promise<Buffer> =>
  renderToBuffer(h(CardSheetDocument, { view }) as never);
