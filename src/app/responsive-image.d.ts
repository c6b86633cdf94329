declare module '*?responsive' {
  const image: import('../../scripts/vite-responsive-images.ts').ResponsiveImageData;
  export default image;
}
declare module '*&responsive' {
  const image: import('../../scripts/vite-responsive-images.ts').ResponsiveImageData;
  export default image;
}
