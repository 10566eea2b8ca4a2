/**
 * The national bank-code tables of the countries whose IBAN carries a 4-digit bank code right after the
 * check digits (CZkk BBBB …, SKkk BBBB …), each code with the bank's BIC (8 characters: bank, country,
 * location; a branch suffix is not part of the check). Data, not rules: when a central bank publishes a
 * change, edit the rows here (docs/FINANCE.md "Place of supply, numbering and document content": bank files).
 *
 * A code with `bic: ''` is a published code of an institution without a BIC of its own (building
 * societies …): an IBAN with it is accepted, and no BIC can match it.
 *
 * Sources:
 * - CZ: Česká národní banka, "Číselník kódů bank" (kody_bank_CR.csv),
 *   https://www.cnb.cz/cs/platebni-styk/ucty-kody-bank/ (as published 2025).
 * - SK: Národná banka Slovenska, "Kódy bánk a pobočiek zahraničných bánk" (Identifikačné kódy bánk pre SEPA),
 *   https://nbs.sk/platobne-systemy/kody-bank-a-pobociek-zahranicnych-bank/ (as published 2025).
 */
export interface BankCodeRow {
  code: string
  bic: string
  name: string
}

export const bankCodeTables: Readonly<Record<'CZ' | 'SK', readonly BankCodeRow[]>> = {
  CZ: [
    { code: '0100', bic: 'KOMBCZPP', name: 'Komerční banka, a.s.' },
    { code: '0300', bic: 'CEKOCZPP', name: 'Československá obchodní banka, a. s.' },
    { code: '0600', bic: 'AGBACZPP', name: 'MONETA Money Bank, a.s.' },
    { code: '0710', bic: 'CNBACZPP', name: 'Česká národní banka' },
    { code: '0800', bic: 'GIBACZPX', name: 'Česká spořitelna, a.s.' },
    { code: '2010', bic: 'FIOBCZPP', name: 'Fio banka, a.s.' },
    { code: '2060', bic: 'CITFCZPP', name: 'Citfin, spořitelní družstvo' },
    { code: '2070', bic: 'MPUBCZPP', name: 'TRINITY BANK a.s.' },
    { code: '2100', bic: '', name: 'ČSOB Hypoteční banka, a.s.' },
    { code: '2200', bic: '', name: 'Peněžní dům, spořitelní družstvo' },
    { code: '2220', bic: 'ARTTCZPP', name: 'Artesa, spořitelní družstvo' },
    { code: '2250', bic: 'CTASCZ22', name: 'Banka CREDITAS a.s.' },
    { code: '2260', bic: '', name: 'NEY spořitelní družstvo' },
    { code: '2275', bic: '', name: 'Podnikatelská družstevní záložna' },
    { code: '2600', bic: 'CITICZPX', name: 'Citibank Europe plc, organizační složka' },
    { code: '2700', bic: 'BACXCZPP', name: 'UniCredit Bank Czech Republic and Slovakia, a.s.' },
    { code: '3030', bic: 'AIRACZPP', name: 'Air Bank a.s.' },
    { code: '3050', bic: 'BPPFCZP1', name: 'BNP Paribas Personal Finance SA, odštěpný závod' },
    { code: '3060', bic: 'BPKOCZPP', name: 'PKO BP S.A., Czech Branch' },
    { code: '3500', bic: 'INGBCZPP', name: 'ING Bank N.V.' },
    { code: '4000', bic: 'EXPNCZPP', name: 'Max banka a.s.' },
    { code: '4300', bic: 'NROZCZPP', name: 'Národní rozvojová banka, a.s.' },
    { code: '5500', bic: 'RZBCCZPP', name: 'Raiffeisenbank a.s.' },
    { code: '5800', bic: 'JTBPCZPP', name: 'J&T BANKA, a.s.' },
    { code: '6000', bic: 'PMBPCZPP', name: 'PPF banka a.s.' },
    { code: '6100', bic: 'EQBKCZPP', name: 'Raiffeisenbank a.s. (formerly Equa bank)' },
    { code: '6200', bic: 'COBACZPX', name: 'COMMERZBANK Aktiengesellschaft, pobočka Praha' },
    { code: '6210', bic: 'BREXCZPP', name: 'mBank S.A., organizační složka' },
    { code: '6300', bic: 'GEBACZPP', name: 'BNP Paribas S.A., pobočka Česká republika' },
    { code: '6363', bic: '', name: 'Partners Banka, a.s.' },
    { code: '6700', bic: 'SUBACZPP', name: 'Všeobecná úverová banka a.s., pobočka Praha' },
    { code: '7910', bic: 'DEUTCZPX', name: 'Deutsche Bank Aktiengesellschaft Filiale Prag' },
    { code: '7950', bic: '', name: 'Raiffeisen stavební spořitelna a.s.' },
    { code: '7960', bic: '', name: 'ČSOB Stavební spořitelna, a.s.' },
    { code: '7970', bic: '', name: 'MONETA Stavební Spořitelna, a.s.' },
    { code: '7990', bic: '', name: 'Modrá pyramida stavební spořitelna, a.s.' },
    { code: '8030', bic: 'GENOCZ21', name: 'Volksbank Raiffeisenbank Nordoberpfalz eG pobočka Cheb' },
    { code: '8040', bic: 'OBKLCZ2X', name: 'Oberbank AG pobočka Česká republika' },
    { code: '8060', bic: '', name: 'Stavební spořitelna České spořitelny, a.s.' },
    { code: '8090', bic: 'CZEECZPP', name: 'Česká exportní banka, a.s.' },
    { code: '8150', bic: 'MIDLCZPP', name: 'HSBC Continental Europe, Czech Republic' },
    { code: '8190', bic: '', name: 'Sparkasse Oberlausitz-Niederschlesien' },
    { code: '8198', bic: 'FFCSCZP1', name: 'FAS finance company s.r.o.' },
    { code: '8220', bic: 'PAERCZP1', name: 'Payment execution s.r.o.' },
    { code: '8250', bic: 'BKCHCZPP', name: 'Bank of China (CEE) Ltd. Prague Branch' },
    { code: '8255', bic: 'COMMCZPP', name: 'Bank of Communications Co., Ltd., Prague Branch' },
    { code: '8265', bic: 'ICBKCZPP', name: 'Industrial and Commercial Bank of China Limited, Prague Branch' },
    { code: '8280', bic: 'BEFKCZP1', name: 'B-Efekt a.s.' },
    { code: '8500', bic: '', name: 'Multitude Bank p.l.c.' },
  ],
  SK: [
    { code: '0200', bic: 'SUBASKBX', name: 'Všeobecná úverová banka, a.s.' },
    { code: '0720', bic: 'NBSBSKBX', name: 'Národná banka Slovenska' },
    { code: '0900', bic: 'GIBASKBX', name: 'Slovenská sporiteľňa, a.s.' },
    { code: '1100', bic: 'TATRSKBX', name: 'Tatra banka, a.s.' },
    {
      code: '1111',
      bic: 'UNCRSKBX',
      name: 'UniCredit Bank Czech Republic and Slovakia, a.s., pobočka zahraničnej banky',
    },
    { code: '3000', bic: 'SLZBSKBA', name: 'Slovenská záručná a rozvojová banka, a.s.' },
    { code: '3100', bic: 'LUBASKBX', name: 'Prima banka Slovensko, a.s. (formerly Sberbank Slovensko)' },
    { code: '5200', bic: 'OTPVSKBX', name: 'OTP Banka Slovensko, a.s.' },
    { code: '5600', bic: 'KOMASK2X', name: 'Prima banka Slovensko, a.s.' },
    { code: '5900', bic: 'PRVASKBA', name: 'Prvá stavebná sporiteľňa, a.s.' },
    { code: '6500', bic: 'POBNSKBA', name: '365.bank, a.s. (formerly Poštová banka)' },
    { code: '7300', bic: 'INGBSKBX', name: 'ING Bank N.V., pobočka zahraničnej banky' },
    { code: '7500', bic: 'CEKOSKBX', name: 'Československá obchodná banka, a.s.' },
    { code: '7930', bic: 'WUSTSKBA', name: 'Wüstenrot stavebná sporiteľňa, a.s.' },
    {
      code: '8050',
      bic: 'COBASKBX',
      name: 'COMMERZBANK Aktiengesellschaft, pobočka zahraničnej banky, Bratislava',
    },
    { code: '8100', bic: 'KOMBSKBA', name: 'Komerční banka, a.s., pobočka zahraničnej banky' },
    { code: '8120', bic: 'BSLOSK22', name: 'Privatbanka, a.s.' },
    { code: '8130', bic: 'CITISKBA', name: 'Citibank Europe plc, pobočka zahraničnej banky' },
    { code: '8160', bic: 'EXSKSKBX', name: 'EXIMBANKA SR' },
    { code: '8170', bic: 'KBSPSKBX', name: 'ČSOB stavebná sporiteľňa, a.s.' },
    { code: '8180', bic: 'SPSRSKBA', name: 'Štátna pokladnica' },
    { code: '8320', bic: 'JTBPSKBA', name: 'J&T BANKA, a.s., pobočka zahraničnej banky' },
    { code: '8330', bic: 'FIOZSKBA', name: 'Fio banka, a.s., pobočka zahraničnej banky' },
    { code: '8360', bic: 'BREXSKBX', name: 'mBank S.A., pobočka zahraničnej banky' },
    { code: '8370', bic: 'OBKLSKBA', name: 'Oberbank AG pobočka zahraničnej banky v Slovenskej republike' },
    { code: '8420', bic: 'BFKKSKBB', name: 'BKS Bank AG, pobočka zahraničnej banky v SR' },
    { code: '8430', bic: 'KODBSKBX', name: 'KDB Bank Europe Ltd., pobočka zahraničnej banky' },
  ],
}
