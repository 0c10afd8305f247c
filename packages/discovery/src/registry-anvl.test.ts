import { readFileSync } from 'node:fs';
import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import { parseNaanRegistryJsonText } from './registry.ts';
import { parseNaanRegistryAnvl, splitHow, splitWho, whenToIso, whereToTarget } from './registry-anvl.ts';

// Records in the layout of today's ANVL registry (naan_registry.txt): `naa:` then who/what/when/where/how.
const ANVL = `# Name Assigning Authority Number (NAAN) registry
# Each record starts with "naa:".

erc:
who:    ARK Alliance
what:   NAAN registry
when:   2024.11.07

naa:
who:    US National Library of Medicine (=) USNLM
what:   12025
when:   2001.03.08
where:  http://www.nlm.nih.gov
how:    NP | (:unkn) unknown | 2001 |
!why:   ARK
!contact: someone

naa:
who:    Social Networks and Archival Context Cooperative - historical persons,
        families, organizations (=) SNACC
what:   99166/w6
when:   2013.02.12
where:  303 http://socialarchive.iath.virginia.edu
how:    NP | NR, OP, CC | 2013 |

naa:
who:    Nationaal Archief (=) Nationaal Archief (=) NA
what:   75927
when:   2020.12.14
where:  https://data.ng.ac.uk/$nlid
how:    G | (:unkn) unknown | 2020 | https://example.org/policy

naa:
who:    Broken Record
what:   1234a
where:  http://example.org
`;

describe('parseNaanRegistryAnvl', () => {
  const result = parseNaanRegistryAnvl(ANVL);
  if (!result.ok) throw new Error(result.error.message);
  const registry = result.value;

  it('reads the naa: records, skipping other records and private (!) elements', () => {
    expect(registry.records.map((r) => r.what)).toEqual(['12025', '99166/w6', '75927']);
    expect(registry.records[0]).toEqual({
      what: '12025',
      naan: '12025',
      shoulder: null,
      who: { name: 'US National Library of Medicine', nameNative: null, acronym: 'USNLM' },
      where: 'http://www.nlm.nih.gov',
      target: { url: 'http://www.nlm.nih.gov/ark:/${content}', httpCode: 302 },
      when: '2001-03-08T00:00:00+00:00',
      policy: { orgtype: 'NP', policy: '(:unkn) unknown', tenure: '2001', policyUrl: null },
    });
  });

  it('unfolds continuation lines and reads a shoulder record with its status code', () => {
    expect(registry.records[1]).toMatchObject({
      naan: '99166',
      shoulder: 'w6',
      who: {
        name: 'Social Networks and Archival Context Cooperative - historical persons, families, organizations',
        acronym: 'SNACC',
      },
      target: { url: 'http://socialarchive.iath.virginia.edu/ark:/${content}', httpCode: 303 },
    });
  });

  it('agrees with the JSON export for the records both hold', () => {
    const json = parseNaanRegistryJsonText(
      readFileSync(new URL('../../../apps/gateway/data/naan_records.json', import.meta.url), 'utf8'),
    );
    if (!json.ok) throw new Error('export');
    for (const r of registry.records) {
      const twin = json.value.records.find((x) => x.what === r.what);
      expect(twin?.target).toEqual(r.target);
      expect(twin?.when).toBe(r.when);
    }
  });

  it('rejects a record whose what is no NAAN, keeping the others', () => {
    expect(registry.rejected).toHaveLength(1);
    expect(registry.rejected[0]).toMatchObject({ index: 3, what: '1234a', error: { code: 'registry-what' } });
  });

  it('fails on text without naa: records', () => {
    const r = parseNaanRegistryAnvl('erc:\nwho: x\n');
    expect(!r.ok && r.error.code).toBe('registry-shape');
  });
});

describe('whereToTarget', () => {
  it.each([
    // where: values of the real registry, and the targets its JSON export gives them
    ['http://www.nlm.nih.gov', 'http://www.nlm.nih.gov/ark:/${content}', 302],
    ['https://ezid.cdlib.org/', 'https://ezid.cdlib.org/ark:/${content}', 302],
    ['303 http://socialarchive.iath.virginia.edu', 'http://socialarchive.iath.virginia.edu/ark:/${content}', 303],
    ['https://data.ng.ac.uk/${nlid}', 'https://data.ng.ac.uk/${value}', 302],
    [
      'https://zentralgut.ch/resolver?field=MD_PI_ARK&identifier=',
      'https://zentralgut.ch/resolver?field=MD_PI_ARK&identifier=${pid}',
      302,
    ],
    ['https://R74n.com/id/?', 'https://R74n.com/id/?${pid}', 302],
    ['http://impactfactor.org/ark:', 'http://impactfactor.org/ark:${content}', 302],
    ['https://catalogue-bm.geneve.ch/ark:/BMU', 'https://catalogue-bm.geneve.ch/ark:/BMU/ark:/${content}', 302],
    [
      'http://www.ville-armentieres.fr/fr/page/dossier.php?dossier=42',
      'http://www.ville-armentieres.fr/fr/page/dossier.php/ark:/${content}?dossier=42',
      302,
    ],
    // legacy N2T substitutions
    ['https://e.org/$id', 'https://e.org/${content}', 302],
    ['https://archives.nievre.fr/ark:$id', 'https://archives.nievre.fr/ark:/${content}', 302],
    ['https://e.org/x/$arkid', 'https://e.org/x/${pid}', 302],
    ['https://e.org/$nlid/view', 'https://e.org/${value}/view', 302],
    ['https://e.org/ark:/', 'https://e.org/ark:/${content}', 302],
    // no scheme: https is assumed
    ['lib.ucdavis.edu', 'https://lib.ucdavis.edu/ark:/${content}', 302],
  ])('%s → %s (%i)', (where, url, httpCode) => {
    expect(whereToTarget(where)).toEqual({ ok: true, value: { url, httpCode } });
  });

  it.each([
    ['N/A'],
    [''],
    ['302'],
    ['abc http://e.org'],
    ['301 http://e.org extra'],
    ['200 http://e.org'],
    ['https://e.org/${nope}'],
  ])('rejects %j', (where) => {
    const r = whereToTarget(where);
    expect(r.ok).toBe(false);
  });

  it('derives the export target from every real where: whose target stays on the same host', () => {
    // the export's other targets were set by hand (EZID customers sent to ezid.cdlib.org, n2t.net to arks.org)
    const json = parseNaanRegistryJsonText(
      readFileSync(new URL('../../../apps/gateway/data/naan_records.json', import.meta.url), 'utf8'),
    );
    if (!json.ok) throw new Error('export');
    const hostOf = (u: string) =>
      u
        .replace(/^[a-z]+:\/\//i, '')
        .split(/[/?]/)[0]
        ?.toLowerCase();
    const sameHost = json.value.records.filter((r) => {
      const t = whereToTarget(r.where);
      return t.ok && hostOf(t.value.url) === hostOf(r.target.url);
    });
    expect(sameHost.length).toBeGreaterThan(1200);
    const differ = sameHost.filter((r) => {
      const t = whereToTarget(r.where);
      return !(
        t.ok &&
        t.value.url.toLowerCase() === r.target.url.toLowerCase() &&
        t.value.httpCode === r.target.httpCode
      );
    });
    expect(differ.map((r) => [r.where, r.target.url])).toEqual([]);
  });
});

describe('linear time', () => {
  it.each(['$', '{', '}', '/', '?', '#', ':', 'a', '$id', '${', '${content}'])(
    'whereToTarget on a long run of %j',
    (unit) => {
      // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear((n) => `https://e.org/${unit.repeat(n)}`, whereToTarget, { size: 512, what: 'in a URL' });
      expectLinear((n) => unit.repeat(n), whereToTarget, { size: 512, what: 'alone' });
    },
  );
});

describe('who, when, how', () => {
  it.each([
    ['Library of Congress', { name: 'Library of Congress', nameNative: null, acronym: null }],
    ['Library of Congress (=) USLC', { name: 'Library of Congress', nameNative: null, acronym: 'USLC' }],
    ['Bibliothèque (=) Library (=) BL', { name: 'Library', nameNative: 'Bibliothèque', acronym: 'BL' }],
  ])('who %j', (who, expected) => expect(splitWho(who)).toEqual(expected));

  it.each([
    ['2001.03.08', '2001-03-08T00:00:00+00:00'],
    ['2001', '2001'],
    ['20x1.03.08', '20x1.03.08'],
  ])('when %j → %j', (when, iso) => expect(whenToIso(when)).toBe(iso));

  it('how splits orgtype | policy | tenure | policy URL', () => {
    expect(splitHow('FP | NR, OP | 2019 | https://e.org/p')).toEqual({
      orgtype: 'FP',
      policy: 'NR, OP',
      tenure: '2019',
      policyUrl: 'https://e.org/p',
    });
  });
});
