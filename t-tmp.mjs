import {chromium} from 'playwright';
import AxeBuilder from '@axe-core/playwright';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {CHROMIUM_ARGS} from './tests/lib/chromium-args.cjs';
const require = createRequire(import.meta.url);
const axeSrc = readFileSync(require.resolve('axe-core/axe.min.js'),'utf8');
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:CHROMIUM_ARGS});
const p = await (await b.newContext()).newPage();
for (const path of ['/docs/functions','/docs/api/core/interfaces/EagerCollection','/docs/functions']) {
  await p.goto('http://127.0.0.1:3300'+path); await p.waitForSelector('html[data-has-hydrated="true"]'); await p.waitForLoadState('networkidle');
  let t=Date.now();
  await new AxeBuilder({page:p}).setLegacyMode(true).options({resultTypes:['violations']}).analyze();
  const a1=Date.now()-t; t=Date.now();
  await new AxeBuilder({page:p}).setLegacyMode(true).options({resultTypes:['violations']}).analyze();
  const a2=Date.now()-t; t=Date.now();
  const prof = await p.evaluate(async()=>{const r=await axe.run(document,{resultTypes:['violations']}); return r.violations.length});
  const a3=Date.now()-t; t=Date.now();
  // per-rule timing
  const slow = await p.evaluate(async()=>{const out={}; const rules=axe.getRules().map(r=>r.ruleId); const t0=performance.now(); const r=await axe.run(document,{resultTypes:['violations'], performanceTimer:false}); return performance.now()-t0;});
  const cc = await p.evaluate(async()=>{const t0=performance.now(); await axe.run(document,{runOnly:['color-contrast'],resultTypes:['violations']}); return performance.now()-t0;});
  console.log(path,'builder1',a1,'builder2',a2,'raw',a3,'in-page',Math.round(slow),'contrast only',Math.round(cc), 'nodes', await p.evaluate(()=>document.querySelectorAll('*').length));
}
await b.close();
