/**
 * The fast path of a web version without a watermark: the decoded frames go to the H.264 encoder as they
 * are, and the encoder scales them to the web size (Chromium's VideoEncoder scales a frame larger than its
 * configured size, in YUV). No canvas in between: a canvas turns each frame into RGB and back (slow on a 4K
 * frame without a GPU, and it shifted the colour planes: SSIM U/V 0.83 against ffmpeg's 0.99 on the same
 * clip). mediabunny configures its encoder from the frames' own size and has no option for another, so
 * this worker, which does nothing else while a web version is made, sets the size on the encoder's
 * configuration itself for the length of one job, with the H.264 level of that size.
 */
import { h264Level } from "./plan";

export function encodeAtSize(size: { width: number; height: number }, frameRate: number): () => void {
  const proto = VideoEncoder.prototype;
  const configure = proto.configure;
  const supported = VideoEncoder.isConfigSupported;
  const resize = (config: VideoEncoderConfig): VideoEncoderConfig => {
    if (!config.codec.startsWith("avc1.")) return config;
    const codec = `${config.codec.slice(0, 9)}${h264Level(size.width, size.height, frameRate)}`;
    return { ...config, codec, width: size.width, height: size.height, displayWidth: size.width, displayHeight: size.height };
  };
  proto.configure = function (this: VideoEncoder, config: VideoEncoderConfig) {
    return configure.call(this, resize(config));
  };
  VideoEncoder.isConfigSupported = (config: VideoEncoderConfig) => supported.call(VideoEncoder, resize(config));
  return () => {
    proto.configure = configure;
    VideoEncoder.isConfigSupported = supported;
  };
}
