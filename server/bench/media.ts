/**
 * Media bench (`tsx bench/media.ts`):
 * 1. Renditions of a 12-megapixel photograph (4000 x 3000 JPEG, EXIF with a GPS position): the
 *    stored copy stripped on upload, then the 15 renditions (AVIF, WebP, JPEG at 320-1920) as the
 *    renditions worker makes them; BENCH_RENDITION_RUNS runs (default 5), median and max. Goal: under 3 s.
 * 2. The renditions served by our built server (one process, from memory) and by nginx (Debian's
 *    /usr/sbin/nginx, one worker, sendfile) on the same files at the same addresses, as in
 *    bench/pages.ts: requests/s of each and the ratio. Goal: at least 0.8x.
 *
 * BENCH_SECONDS per run (default 8), BENCH_ROUNDS rounds alternating (default 3; medians), BENCH_CONNECTIONS (default 50).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { api } from '@kafue/common/contract';
import { renditionFormats, renditionPath, widthsFor, type MediaItem } from '@kafue/common/media';
import { startEmbedded } from '../src/db/embedded.js';
import { makeRenditions, stripImage } from '../src/media/images.js';
import {
  buildBenchServer,
  createDatabase,
  median,
  scratchDir,
  signInBenchAdmin,
  startBenchServer,
  startNginx,
  verdict,
  writeBenchResult,
} from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const renditionRuns = Number(process.env.BENCH_RENDITION_RUNS ?? 5);

const children: ChildProcess[] = [];
const tmp = scratchDir('kafue-bench-media-');

/** A photograph-like 12-megapixel JPEG: gradients, grain and shapes (a flat picture would compress unrealistically well), with EXIF. */
async function photograph(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = seed % 24;
      const i = (y * width + x) * 3;
      const ring = Math.sin(Math.hypot(x - 1800, y - 1300) / 40) * 40;
      raw[i] = Math.max(0, Math.min(255, (x * 200) / width + ring + grain));
      raw[i + 1] = Math.max(0, Math.min(255, (y * 180) / height + grain));
      raw[i + 2] = Math.max(0, Math.min(255, 120 + ring + grain));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '15/1 25/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 17/1 0/1' } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * Times each step by the clock and by the CPU time the process spent (sharp's threads included):
 * on a machine shared with other work, the clock measures the load as much as the code.
 */
async function timeRenditions(
  photo: Buffer,
): Promise<{ strip: number[]; renditions: number[]; renditionsCpu: number[]; sizes: Record<string, number> }> {
  const strip: number[] = [];
  const renditions: number[] = [];
  const renditionsCpu: number[] = [];
  const sizes: Record<string, number> = {};
  for (let run = 0; run < renditionRuns; run++) {
    let started = performance.now();
    const stored = await stripImage(photo, 'image/jpeg');
    strip.push(performance.now() - started);
    started = performance.now();
    const cpu = process.cpuUsage();
    await makeRenditions(stored.content, stored.width, async (r) => {
      sizes[`${r.width}.${r.format}`] = r.content.length;
    });
    renditions.push(performance.now() - started);
    const spent = process.cpuUsage(cpu);
    renditionsCpu.push((spent.user + spent.system) / 1000);
  }
  return { strip, renditions, renditionsCpu, sizes };
}

async function load(url: string, paths: string[]): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, requests: paths.map((path) => ({ method: 'GET', path })) });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`${url}: ${errors} errors or non-2xx answers`);
  return result.requests.average;
}

async function main() {
  const photo = await photograph();
  const timed = await timeRenditions(photo);
  const stripMs = median(timed.strip);
  const renditionsMs = median(timed.renditions);
  console.log(
    `Renditions of a 12-megapixel photograph (${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG, ${renditionRuns} runs, medians)\n` +
      `  stored copy without EXIF (on upload): ${stripMs.toFixed(0)} ms   runs: ${timed.strip.map((x) => x.toFixed(0)).join(', ')}\n` +
      `  15 renditions (off the request path): ${renditionsMs.toFixed(0)} ms (max ${Math.max(...timed.renditions).toFixed(0)})   runs: ${timed.renditions.map((x) => x.toFixed(0)).join(', ')}\n` +
      `  CPU time of the 15 renditions (all threads): ${median(timed.renditionsCpu).toFixed(0)} ms; load average now ${loadavg()[0].toFixed(1)} on ${cpus().length} cores\n` +
      `  phone sizes: 640 avif ${(timed.sizes['640.avif'] / 1024).toFixed(1)} KB, 960 avif ${(timed.sizes['960.avif'] / 1024).toFixed(1)} KB, 640 jpg ${(timed.sizes['640.jpg'] / 1024).toFixed(1)} KB`,
  );

  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench_media');
    const { server, base } = await startBenchServer(dist, databaseUrl, tmp);
    children.push(server);
    const cookie = await signInBenchAdmin(base);
    const form = new FormData();
    form.append('alt', 'Bench photograph');
    form.append('file', new Blob([new Uint8Array(photo)]), 'bench.jpg');
    const uploadStarted = performance.now();
    const uploaded = await fetch(base + api.media, { method: 'POST', body: form, headers: { cookie } });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const uploadMs = performance.now() - uploadStarted;
    let item = ((await uploaded.json()) as { item: MediaItem }).item;
    while (item.renditions.done < item.renditions.total) {
      await new Promise((r) => setTimeout(r, 50));
      item = (await (await fetch(`${base}${api.media}/${item._id}`, { headers: { cookie } })).json()) as MediaItem;
    }
    const renderedMs = performance.now() - uploadStarted;
    console.log(
      `  through the server: upload answered in ${uploadMs.toFixed(0)} ms, every rendition made ${renderedMs.toFixed(0)} ms after sending`,
    );

    // The same files for nginx, at the same addresses.
    const hash = /\/media\/([0-9a-f]{32})\./.exec(item.url)![1];
    const paths = widthsFor(item.width!).flatMap((w) => renditionFormats.map((f) => renditionPath(hash, w, f)));
    const root = join(tmp, 'nginx-root');
    mkdirSync(join(root, 'media'), { recursive: true });
    for (const path of paths) {
      const response = await fetch(base + path);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      writeFileSync(join(root, path), Buffer.from(await response.arrayBuffer()));
    }
    const nginx = await startNginx(
      tmp,
      `root ${root};\n    location /media/ { add_header Cache-Control "public, max-age=31536000, immutable"; }`,
      paths[0],
    );
    children.push(nginx.server);
    const nginxUrl = nginx.base;

    await load(base, paths);
    await load(nginxUrl, paths);
    const ourRuns: number[] = [];
    const nginxRuns: number[] = [];
    for (let r = 0; r < rounds; r++) {
      ourRuns.push(await load(base, paths));
      nginxRuns.push(await load(nginxUrl, paths));
    }
    const ourRps = median(ourRuns);
    const nginxRps = median(nginxRuns);
    console.log(
      [
        `Media served (${paths.length} renditions, ${connections} connections, ${seconds} s x ${rounds} rounds, medians)`,
        `  ours (1 process, from memory): ${Math.round(ourRps)} requests/s   runs: ${ourRuns.map(Math.round).join(', ')}`,
        `  nginx (1 worker, sendfile):    ${Math.round(nginxRps)} requests/s   runs: ${nginxRuns.map(Math.round).join(', ')}`,
        `  ratio ours/nginx: ${(ourRps / nginxRps).toFixed(2)}x`,
      ].join('\n'),
    );
    verdict(renditionsMs < 3000, 'the renditions of a 12-megapixel photograph in under 3 s');
    verdict(ourRps / nginxRps >= 0.8, 'media served at least 0.8x nginx on the same files');
    writeBenchResult('media-bench.json', {
      photoBytes: photo.length,
      stripMs: timed.strip,
      renditionsMs: timed.renditions,
      renditionsCpuMs: timed.renditionsCpu,
      renditionBytes: timed.sizes,
      uploadMs,
      renderedMs,
      connections,
      seconds,
      rounds,
      ours: ourRuns,
      nginx: nginxRuns,
      ratio: ourRps / nginxRps,
    });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  for (const child of children) child.kill('SIGKILL');
  console.error(error);
  process.exit(1);
});
