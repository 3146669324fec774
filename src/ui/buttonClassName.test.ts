import { describe, expect, it } from 'vitest';
import { BUTTON_SIZES, BUTTON_STYLES, BUTTON_VARIANTS, buttonClassName, spinnerClassName } from './buttonClassName.ts';

const classesOf = (className: string) => className.split(' ');

describe('buttonClassName', () => {
  it('defaults to a filled, primary, medium button', () => {
    expect(buttonClassName()).toBe('btn btn-md btn-primary');
    expect(buttonClassName({})).toBe('btn btn-md btn-primary');
  });

  it('maps every size onto the daisyUI size class', () => {
    expect(BUTTON_SIZES.map((size) => classesOf(buttonClassName({ size }))[1])).toEqual([
      'btn-xs',
      'btn-sm',
      'btn-md',
      'btn-lg',
      'btn-xl',
    ]);
  });

  it('maps every variant onto a daisyUI colour, danger onto error', () => {
    expect(BUTTON_VARIANTS.map((variant) => classesOf(buttonClassName({ variant }))[2])).toEqual([
      'btn-primary',
      'btn-secondary',
      'btn-error',
      'btn-success',
      'btn-warning',
      'btn-neutral',
    ]);
  });

  it('adds a style class except for filled', () => {
    expect(BUTTON_STYLES.map((buttonStyle) => buttonClassName({ buttonStyle }))).toEqual([
      'btn btn-md btn-primary',
      'btn btn-md btn-primary btn-outline',
      'btn btn-md btn-primary btn-link',
      'btn btn-md btn-primary btn-ghost',
    ]);
  });

  it('combines size, variant and style', () => {
    expect(buttonClassName({ size: 'sm', variant: 'danger', buttonStyle: 'outline' })).toBe(
      'btn btn-sm btn-error btn-outline',
    );
  });

  it('gives unfilled warning buttons readable dark text', () => {
    expect(buttonClassName({ variant: 'warning' })).not.toContain('text-warning-content');
    for (const buttonStyle of ['outline', 'link', 'ghost'] as const) {
      expect(classesOf(buttonClassName({ variant: 'warning', buttonStyle }))).toContain('text-warning-content');
    }
  });

  it('appends extra classes last', () => {
    expect(buttonClassName({ className: 'mt-8 w-full' })).toBe('btn btn-md btn-primary mt-8 w-full');
  });
});

describe('spinnerClassName', () => {
  it('maps small, default and large onto daisyUI loading sizes', () => {
    expect(spinnerClassName('small')).toBe('loading loading-spinner loading-xs');
    expect(spinnerClassName('default')).toBe('loading loading-spinner loading-sm');
    expect(spinnerClassName('large')).toBe('loading loading-spinner loading-md');
    expect(spinnerClassName()).toBe('loading loading-spinner loading-sm');
  });
});
