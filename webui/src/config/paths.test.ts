import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { paths, patterns } from './paths';

describe('paths', () => {
  it('builds each parameterised page with its value as one encoded segment', () => {
    expect(paths.profile('u-1')).toBe('/profile/u-1');
    expect(paths.profile('a b/c')).toBe('/profile/a%20b%2Fc');
    expect(paths.chat('r 1')).toBe('/chat/r%201');
    expect(paths.signupAs('artist')).toBe('/signup?identity=artist');
    expect(paths.beatDetails('b&1')).toBe('/details?beat=b%261');
    expect(paths.video('v1')).toBe('/video/v1');
    expect(paths.post('audio', 'p1')).toBe('/music/p1');
    expect(paths.post('video', 'p1')).toBe('/videos/p1');
    expect(paths.post('beat', 'p1')).toBe('/beats/p1');
  });

  it('names each pattern of a builder with the segment the builder fills', () => {
    expect(paths.profile(':userId')).toBe(encodeURI(patterns.profile).replace(':userId', '%3AuserId'));
    for (const name of ['licence', 'profile', 'beat', 'userBeats', 'music', 'sharedAudio', 'videos', 'video', 'chat'] as const) {
      const param = patterns[name].split(':')[1];
      expect(paths[name]('X'), name).toBe(patterns[name].replace(`:${param}`, 'X'));
    }
  });
});

describe('the ESLint rule against path literals', () => {
  const lint = async (code: string) => {
    const [result] = await new ESLint().lintText(code, { filePath: 'src/features/settings/components/example.tsx' });
    return [...new Set(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line))];
  };

  it('fails a link, a redirect or a navigation that spells out a path, and passes one from paths', async () => {
    const lines = await lint(
      [
        "import { Link, Navigate, useNavigate } from 'react-router-dom';",
        "import { paths } from '@/config/paths';",
        'export function Example({ id, gone }: { id: string; gone: boolean }) {',
        '  const navigate = useNavigate();',
        "  if (gone) return <Navigate to='/login' replace />;",
        '  return (',
        '    <>',
        '      <Link to="/home">Home</Link>',
        '      <button onClick={() => navigate(`/chat/${id}`)}>Chat</button>',
        '      <Link to={paths.home}>Home</Link>',
        '      <button onClick={() => navigate(paths.chat(id))}>Chat</button>',
        '    </>',
        '  );',
        '}',
      ].join('\n'),
    );
    expect(lines).toEqual([5, 8, 9]);
  }, 60_000);
});
