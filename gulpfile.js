// Copies what tsc does not emit next to the compiled code: the icons (resolved from `file:`
// paths) and the node's codex file.
const { src, dest, parallel, task } = require('gulp');

const icons = () => src('icons/*.svg').pipe(dest('dist/icons'));
const codex = () => src('nodes/**/*.node.json').pipe(dest('dist/nodes'));

task('build:icons', parallel(icons, codex));
