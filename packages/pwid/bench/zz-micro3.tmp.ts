const buf = new Uint16Array(64);
const src = 'HTTP://WWW.DR.DK/a?b=1&something=else';
for (let i = 0; i < src.length; i++) buf[i] = src.charCodeAt(i);
const L = src.length;
let sink = 0;
function t(name: string, f: () => string) {
  for (let k = 0; k < 3; k++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < 2_000_000; i++) sink += f().length;
    const c = process.cpuUsage(c0);
    if (k === 2) console.log(name.padEnd(12), ((c.user + c.system) / 2_000_000 * 1000).toFixed(0), 'ns');
  }
}
t('concat', () => { let s = ''; for (let i = 0; i < L; i++) s += String.fromCharCode(buf[i] as number); return s; });
t('apply', () => String.fromCharCode.apply(null, buf.subarray(0, L) as unknown as number[]));
const arr: number[] = []; 
t('apply arr', () => { arr.length = 0; for (let i = 0; i < L; i++) arr.push(buf[i] as number); return String.fromCharCode.apply(null, arr); });
const td = new TextDecoder('utf-16le');
t('textdec', () => td.decode(buf.subarray(0, L)));
t('slices', () => src.slice(0, 18) + '%3F' + src.slice(19));
console.log(sink > 0);
