// A sitting outside the House's numbering (No. 128-B) keeps its letter in the addresses the importer
// builds (the DocumentViewer's sitting-128b is another sitting than sitting-128). The XML is a real
// sitting's with its printed number made lettered: no lettered sitting's XML is saved anywhere reachable.
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseXml } from '../../../../build-db/import/hoc-hansard/document.js';
import { numberLabel, readMeta } from '../../../../build-db/import/hoc-hansard/metadata.js';
import { DATASETS } from '../../../helpers/nightly-manifest.js';
import { letteredXml } from '../../../helpers/publisher-folder.js';

const SAMPLE = join(DATASETS, 'hoc-hansard-xml-samples', '44-1-303-en.xml.gz');

describe('sitting number labels', () => {
  test('a letter after the number, with or without a hyphen, is kept; a plain number is the number', () => {
    expect(numberLabel('128B')).toBe('128b');
    expect(numberLabel('NUMBER 128-B')).toBe('128b');
    expect(numberLabel('NUMBER 260')).toBe('260');
    expect(numberLabel('NUMÉRO 033')).toBe('33');
    expect(numberLabel('NUMBER 53 Thursday')).toBe('53');
    expect(numberLabel('')).toBeNull();
  });
});

describe.skipIf(!existsSync(SAMPLE))('a lettered sitting in the House XML', () => {
  test('its address carries the letter; its number stays the whole number', () => {
    const plain = readMeta(parseXml(letteredXml(readFileSync(SAMPLE), '303')), '44-1-303-en.xml');
    const lettered = readMeta(parseXml(letteredXml(readFileSync(SAMPLE), '128b')), '44-1-128b-en.xml');
    if (!('meta' in plain) || !('meta' in lettered)) throw new Error('metadata not read');
    expect(plain.meta.sourceUrl).toBe('https://www.ourcommons.ca/DocumentViewer/en/44-1/house/sitting-303/hansard');
    expect(lettered.meta.sourceUrl).toBe('https://www.ourcommons.ca/DocumentViewer/en/44-1/house/sitting-128b/hansard');
    expect(lettered.meta.number).toBe(128);
    expect(lettered.meta.numberLabel).toBe('128b');
  });
});
