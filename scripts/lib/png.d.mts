export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer<ArrayBuffer>;
