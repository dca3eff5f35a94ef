// A failed file operation's reason as a person reads it, with the system's code for searching:
// "no such file or folder (ENOENT)". The command line and the build's writers name it so; the
// bare code ("cannot read world.json: ENOENT") asked a technical artist to know POSIX.

const WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EEXIST: 'something of that name is in the way',
  ENOTEMPTY: 'a folder of that name is in the way and not empty',
  EMFILE: 'too many files open',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many links in the path',
  EBUSY: 'the file is busy',
};

/** The error's reason: its code in words and the code ("permission denied (EACCES)"), or its message. */
export function reasonOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return err instanceof Error ? err.message : String(err);
  const words = Object.hasOwn(WORDS, code) ? WORDS[code] : undefined;
  return words ? `${words} (${code})` : code;
}
