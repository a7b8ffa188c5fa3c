// The lockfiles n8n is installed from, committed in test/n8n/<version>/: each checked against
// TARGETS (`--check`, and before every install), the recipe that makes one (`--lock`), and the
// check that an install resolved nothing anew.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { TARGETS } from './targets.mjs';

/** The committed lockfiles, one folder per n8n version: test/n8n/<version>/. */
export const LOCK_ROOT = fileURLToPath(new URL('../../n8n/', import.meta.url));

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The recipe for (re)making a version's lockfile, for messages. */
export function lockRecipe(target) {
	return `node test/e2e/lib/install.mjs --lock ${target.major}`;
}

/** The package.json a version is installed from (committed next to its lockfile). */
export function packageJsonFor(target) {
	return {
		name: `e2e-n8n-${target.n8nVersion}`,
		private: true,
		description: 'n8n for the end-to-end suite of n8n-nodes-link-management (generated)',
		dependencies: { n8n: target.n8nVersion },
		overrides: target.overrides,
	};
}

function sameEntries(a, b) {
	const norm = (o) =>
		JSON.stringify(Object.entries(o ?? {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
	return norm(a) === norm(b);
}

/**
 * Every package of a lockfile and its version: what npm resolved. Extraneous entries (peers no
 * package of the tree needs, which npm ci installs and npm install prunes) are left out.
 */
function resolution(lock) {
	return new Map(
		Object.entries(lock?.packages ?? {})
			.filter(([key, entry]) => key !== '' && !entry.extraneous)
			.map(([key, entry]) => [key, entry.version ?? entry.resolved ?? '?']),
	);
}

/** What differs between two resolutions, a few lines of it. */
function resolutionDiff(expected, actual) {
	const lines = [];
	for (const [key, v] of expected)
		if (actual.get(key) !== v) lines.push(`${key}: ${v} -> ${actual.get(key) ?? 'gone'}`);
	for (const [key, v] of actual) if (!expected.has(key)) lines.push(`${key}: added ${v}`);
	return lines;
}

/**
 * The version's committed lockfile: null when test/n8n/<version>/ does not exist, else its files,
 * their hash (what the install marker records) and its problems: [] when the lockfile installs
 * exactly the target (n8n at its version, the target's overrides).
 */
export function committedLock(target, root = LOCK_ROOT) {
	const dir = path.join(root, target.n8nVersion);
	if (!fs.existsSync(dir)) return null;
	const shown = path.relative(REPO_ROOT, dir) || dir;
	const files = {
		dir,
		packageJson: path.join(dir, 'package.json'),
		packageLock: path.join(dir, 'package-lock.json'),
	};
	const problems = [];
	const read = (file) => {
		try {
			const text = fs.readFileSync(file);
			return { text, json: JSON.parse(text.toString('utf8')) };
		} catch (error) {
			problems.push(`${path.relative(REPO_ROOT, file)}: ${error.message}`);
			return { text: Buffer.alloc(0), json: null };
		}
	};
	const pkg = read(files.packageJson);
	const lock = read(files.packageLock);
	const hash = crypto
		.createHash('sha256')
		.update(pkg.text)
		.update('\0')
		.update(lock.text)
		.digest('hex')
		.slice(0, 16);
	const want = { n8n: target.n8nVersion };
	if (pkg.json) {
		if (!sameEntries(pkg.json.dependencies, want))
			problems.push(
				`${shown}/package.json depends on ${JSON.stringify(pkg.json.dependencies)}, not on n8n ${target.n8nVersion} alone`,
			);
		if (!sameEntries(pkg.json.overrides, target.overrides))
			problems.push(
				`${shown}/package.json overrides ${JSON.stringify(pkg.json.overrides ?? {})}, TARGETS ${JSON.stringify(target.overrides)}`,
			);
	}
	if (lock.json) {
		const rootEntry = lock.json.packages?.[''];
		if (!rootEntry) {
			problems.push(
				`${shown}/package-lock.json has no packages[""] (lockfileVersion 2 or 3 needed)`,
			);
		} else {
			if (!sameEntries(rootEntry.dependencies, want))
				problems.push(
					`${shown}/package-lock.json was made for ${JSON.stringify(rootEntry.dependencies)}, not n8n ${target.n8nVersion}`,
				);
			if (pkg.json && rootEntry.name !== pkg.json.name)
				problems.push(
					`${shown}/package-lock.json is named ${rootEntry.name}, its package.json ${pkg.json.name}`,
				);
			const n8n = lock.json.packages['node_modules/n8n']?.version;
			if (n8n !== target.n8nVersion)
				problems.push(
					`${shown}/package-lock.json installs n8n ${n8n ?? '(none)'}, not ${target.n8nVersion}`,
				);
			// npm does not write the overrides into the lockfile: what they did is checked instead,
			// and an override that pins nothing the tree holds is one nobody can check.
			for (const [name, version] of Object.entries(target.overrides)) {
				const entries = Object.entries(lock.json.packages).filter(
					([key]) => key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`),
				);
				if (entries.length === 0)
					problems.push(
						`${shown}/package-lock.json holds no ${name}, which TARGETS override to ${version}: drop the override`,
					);
				for (const [key, entry] of entries)
					if (entry.version !== version)
						problems.push(
							`${shown}/package-lock.json has ${key} ${entry.version}, TARGETS override it to ${version}`,
						);
			}
		}
	}
	return { ...files, shown, hash, problems, lock: lock.json };
}

/** The committed lockfile of a version, failing with what is wrong when it does not fit the target. */
export function checkedLock(target) {
	const locked = committedLock(target);
	if (locked?.problems.length)
		throw new Error(
			`n8n ${target.n8nVersion}: the committed lockfile does not fit TARGETS (test/e2e/lib/targets.mjs):\n  ${locked.problems.join('\n  ')}\n` +
				`Make it again with \`${lockRecipe(target)}\` (see CONTRIBUTING.md, "Bumping n8n").`,
		);
	return locked;
}

/** What the marker records of how a version was installed: the lockfile's hash, or 'unlocked'. */
export function lockId(locked) {
	return locked ? `lockfile ${locked.hash}` : 'unlocked';
}

/**
 * What an install from `locked` into `n8nDir` resolved anew: the packages of the lockfile npm left
 * that differ from the committed one, n8n's version if it is not the target's. [] when none.
 */
export function resolvedAnew(locked, target, n8nDir) {
	const cachedLock = path.join(n8nDir, 'package-lock.json');
	let after = null;
	try {
		after = JSON.parse(fs.readFileSync(cachedLock, 'utf8'));
	} catch {
		/* gone or unreadable: reported below */
	}
	const diff = resolutionDiff(resolution(locked.lock), resolution(after));
	let installed;
	try {
		installed = JSON.parse(
			fs.readFileSync(path.join(n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
		).version;
	} catch {
		installed = '(none)';
	}
	if (installed !== target.n8nVersion) diff.unshift(`node_modules/n8n is ${installed}`);
	if (!after) diff.unshift('the lockfile is gone or unreadable after the install');
	return diff;
}

/**
 * Problems of the committed lockfiles as a whole: each version TARGETS runs has its folder under
 * `root`, fitting it, and no folder is for a version TARGETS does not run.
 */
export function lockfileProblems(root = LOCK_ROOT) {
	const problems = [];
	const versions = new Set();
	for (const target of Object.values(TARGETS)) {
		versions.add(target.n8nVersion);
		const locked = committedLock(target, root);
		if (!locked)
			problems.push(
				`n8n ${target.n8nVersion} (TARGETS[${target.major}]) has no lockfile in ${path.join(root, target.n8nVersion)}: \`${lockRecipe(target)}\` makes it`,
			);
		else problems.push(...locked.problems);
	}
	const folders = fs.existsSync(root)
		? fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory())
		: [];
	for (const folder of folders)
		if (!versions.has(folder.name))
			problems.push(
				`${path.join(root, folder.name)} is for n8n ${folder.name}, which TARGETS does not run: remove it`,
			);
	return problems;
}
