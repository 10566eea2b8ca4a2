import { parse } from 'yaml'
import { readFileSync } from 'node:fs'
const doc = parse(readFileSync('src/platform/providers/shoptet/shoptet-openapi.yaml','utf8'), { maxAliasCount: -1 })
const strip = (s, d=0) => { if (Array.isArray(s)) return s.map(x=>strip(x,d)); if (s && typeof s==='object') { const o={}; for (const [k,v] of Object.entries(s)) { if (['description','examples','example','title'].includes(k)) continue; o[k]=strip(v,d+1)}; return o } return s }
const which = process.argv[2]
if (which.startsWith('#')) { let s=doc; for (const p of which.slice(2).split('/')) s=s[p]; console.log(JSON.stringify(strip(s))) }
else { const [p,m]=which.split(' '); const r=doc.paths[p][m].responses; const k=Object.keys(r)[0]; console.log(JSON.stringify(strip(r[k].content['application/json'].schema))) }
