import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_SAVER_KEY, dataSaverDefault, readDataSaver, setDataSaver, useDataSaver } from './data-saver';

function stubConnection(connection: object | undefined) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { connection }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('data saver: the default', () => {
  it.each([
    [{ saveData: true, effectiveType: '4g' }, true],
    [{ saveData: false, effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ saveData: false, effectiveType: '4g' }, false],
    [{}, false],
    [undefined, false],
  ])('is %o → %s', (connection, on) => {
    expect(dataSaverDefault(connection)).toBe(on);
  });

  it('follows the connection until the user chooses, then keeps the choice in localStorage', () => {
    stubConnection({ effectiveType: '3g' });
    expect(readDataSaver()).toBe(true);
    setDataSaver(false);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');
    expect(readDataSaver()).toBe(false);
    stubConnection({ effectiveType: '4g' });
    setDataSaver(true);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('on');
    expect(readDataSaver()).toBe(true);
  });

  it('is off in a browser without the Network Information API', () => {
    stubConnection(undefined);
    expect(readDataSaver()).toBe(false);
  });
});

describe('useDataSaver', () => {
  function Probe() {
    return <p>{useDataSaver() ? 'saver on' : 'saver off'}</p>;
  }

  it('re-renders its readers when the setting changes, here or in another tab', () => {
    stubConnection({ effectiveType: '4g' });
    render(<Probe />);
    expect(screen.getByText('saver off')).toBeInTheDocument();
    act(() => setDataSaver(true));
    expect(screen.getByText('saver on')).toBeInTheDocument();
    act(() => {
      localStorage.setItem(DATA_SAVER_KEY, 'off');
      window.dispatchEvent(new StorageEvent('storage', { key: DATA_SAVER_KEY }));
    });
    expect(screen.getByText('saver off')).toBeInTheDocument();
  });
});
