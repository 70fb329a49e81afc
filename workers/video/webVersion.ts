/**
 * A clip's web version, made by mediabunny's Conversion over WebCodecs: H.264 High profile in MP4, at most
 * 1920 x 1080, the bitrate of plan.ts, a key frame every 2 s. Without a watermark the decoded frames go
 * straight to the encoder, which scales them (encoderScale.ts), and a phone's rotation stays a tag of the
 * track; with the studio's watermark each frame is drawn on a canvas, upright, scaled and marked. Sound: AAC is copied untouched; anything else is re-encoded to
 * AAC when this browser has an AAC encoder, else to Opus in MP4 (Chromium on Linux has no AAC encoder; every
 * current browser plays Opus in MP4, and a web version with sound beats one without).
 *
 * Memory stays bounded whatever the clip's length: frames stream from the BlobSource through the decoder and
 * the encoder, and the file streams to an OPFS scratch file (scratch.ts) with the index at the front: room
 * for it is reserved before the media data (fastStart "reserve", sized from the most packets each track can
 * have) and written there at the end. The result is a disk-backed File, never one large buffer.
 */
import {
  BufferTarget,
  canEncodeAudio,
  Conversion,
  ConversionCanceledError,
  Mp4OutputFormat,
  Output,
  Quality,
  StreamTarget,
  type AudioSource,
  type AudioTrackMetadata,
  type ConversionAudioOptions,
  type OutputFormat,
  type Target,
  type VideoSample,
  type VideoSource,
  type VideoTrackMetadata,
} from "mediabunny";
import { VideoError, type VideoProbe } from "../../src/domain/video";
import { drawWatermark, type Watermark } from "../image/watermark";
import { encodeAtSize } from "./encoderScale";
import { AUDIO_BITRATE, KEY_FRAME_INTERVAL_S, maxAudioPackets, maxVideoPackets, webBitrate, webFrameRate, webSize } from "./plan";
import { openInput, videoTrackOf } from "./probe";
import { hasScratch, openScratch, type ScratchFile } from "./scratch";

export interface WorkerWatermark {
  text: string;
  logo?: Blob;
}

export interface WebVersionJob {
  /** The OPFS scratch file's name (the page picks it, to remove it when it cancels the job). */
  scratchName: string;
  watermark?: WorkerWatermark | null;
  onProgress?: (fraction: number) => void;
}

/** An MP4 output that tells each track how many packets it may hold, so its index is reserved up front. */
class ReservedOutput extends Output<OutputFormat, Target> {
  constructor(
    format: OutputFormat,
    target: Target,
    private readonly maxPackets: { video: number; audio: number },
  ) {
    super({ format, target });
  }
  override addVideoTrack(source: VideoSource, metadata: VideoTrackMetadata = {}) {
    return super.addVideoTrack(source, { ...metadata, maximumPacketCount: this.maxPackets.video });
  }
  override addAudioTrack(source: AudioSource, metadata: AudioTrackMetadata = {}) {
    return super.addAudioTrack(source, { ...metadata, maximumPacketCount: this.maxPackets.audio });
  }
}

export async function makeWebVersion(file: Blob, probe: VideoProbe, job: WebVersionJob): Promise<Blob> {
  if (!probe.canDecode) throw new VideoError("cannot_decode", { codec: probe.videoCodec });
  const input = openInput(file);
  let scratch: ScratchFile | null = null;
  let restoreEncoder: (() => void) | null = null;
  try {
    await videoTrackOf(input); // the same refusals as the probe
    const audio = await input.getPrimaryAudioTrack();
    const durationS = Math.max(probe.durationS, (await input.getDurationFromMetadata()) ?? 0);
    const size = webSize(probe.width, probe.height);
    const frameRate = webFrameRate(probe.frameRate);
    const sampleRate = audio ? await audio.getSampleRate() : 48_000;
    const channels = audio ? Math.min(2, await audio.getNumberOfChannels()) : 2;
    const copiesAudio = (await audio?.getCodec()) === "aac";
    const audioCodec = !audio ? null : copiesAudio ? "aac" : await reencodeCodec(channels, sampleRate);
    const maxPackets = { video: maxVideoPackets(durationS, frameRate), audio: maxAudioPackets(durationS, Math.max(sampleRate, 48_000)) };

    let target: Target;
    let format: Mp4OutputFormat;
    let memory: BufferTarget | null = null;
    if (hasScratch()) {
      scratch = await openScratch(job.scratchName);
      const sink = scratch;
      target = new StreamTarget(new WritableStream({ write: (chunk) => sink.write(chunk.data, chunk.position) }), { chunked: true, chunkSize: 4 * 1024 * 1024 });
      format = new Mp4OutputFormat({ fastStart: "reserve" });
    } else {
      // No OPFS (an old browser): the file is built in memory; bounded only by the clip's web version size.
      memory = new BufferTarget();
      target = memory;
      format = new Mp4OutputFormat({ fastStart: "in-memory" });
    }
    const output = new ReservedOutput(format, target, maxPackets);
    const process = job.watermark ? await watermarker(job.watermark, size) : undefined;
    // Without a watermark the frames go to the encoder as decoded, and it scales them (encoderScale.ts); the
    // rotation stays a tag of the track (every browser turns an MP4 by it). With one, each frame is drawn on
    // a canvas, turned upright, scaled, and marked.
    const coded = probe.rotation % 180 === 0 ? probe : { width: probe.height, height: probe.width };
    if (!process) restoreEncoder = encodeAtSize(webSize(coded.width, coded.height), frameRate);
    const sizing = process
      ? { width: size.width, height: size.height, fit: "fill" as const, allowTransformationMetadata: false, process, processedWidth: size.width, processedHeight: size.height }
      : { allowTransformationMetadata: true };

    const conversion = await Conversion.init({
      input,
      output,
      tracks: "primary",
      video: {
        codec: "avc",
        frameRate,
        quality: new Quality({ bitrate: webBitrate(size.width, size.height, frameRate, probe.bitrate), bitrateMode: "variable" }),
        keyFrameInterval: KEY_FRAME_INTERVAL_S,
        forceTranscode: true,
        ...sizing,
      },
      audio: audioOptions(audioCodec, copiesAudio, channels),
      // Only the date: a phone's location and other tags stay in the original, as for a photo's web sizes.
      tags: (tags) => (tags.date ? { date: tags.date } : {}),
      showWarnings: false,
    });
    if (!conversion.utilizedTracks.some((t) => t.isVideoTrack())) {
      throw new VideoError("cannot_decode", { codec: probe.videoCodec, reason: conversion.discardedTracks[0]?.reason ?? "" });
    }
    let reported = -1;
    conversion.onProgress = (fraction) => {
      if (fraction - reported < 0.005 && fraction < 1) return;
      reported = fraction;
      job.onProgress?.(Math.min(1, fraction));
    };
    await conversion.execute();
    if (memory) return new Blob([memory.buffer!], { type: "video/mp4" });
    const done = await scratch!.finish();
    scratch = null;
    return done;
  } catch (err) {
    await scratch?.discard();
    if (err instanceof VideoError) throw err;
    if (err instanceof ConversionCanceledError) throw new VideoError("cancelled");
    throw new VideoError("corrupt", { detail: err instanceof Error ? err.message.slice(0, 200) : String(err) });
  } finally {
    restoreEncoder?.();
    input.dispose();
  }
}

/** AAC copied as it is (any other option than the codec would make mediabunny re-encode it), else re-encoded. */
function audioOptions(codec: "aac" | "opus" | null, copies: boolean, numberOfChannels: number): ConversionAudioOptions {
  if (!codec) return { discard: true };
  if (copies) return { codec };
  return { codec, numberOfChannels, ...(codec === "opus" ? { sampleRate: 48_000 } : {}), quality: new Quality({ bitrate: AUDIO_BITRATE }) };
}

/** AAC where this browser encodes it, else Opus (see the top of this file). */
async function reencodeCodec(numberOfChannels: number, sampleRate: number): Promise<"aac" | "opus"> {
  const aac = await canEncodeAudio("aac", { numberOfChannels, sampleRate, bitrate: AUDIO_BITRATE }).catch(() => false);
  return aac ? "aac" : "opus";
}

/** A frame processor drawing the watermark on each (already resized) frame, as on a photo's sizes. */
async function watermarker(mark: WorkerWatermark, size: { width: number; height: number }): Promise<(sample: VideoSample) => OffscreenCanvas> {
  const watermark: Watermark = mark.logo ? { logo: await createImageBitmap(mark.logo) } : { text: mark.text };
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = canvas.getContext("2d", { alpha: false })!;
  return (sample) => {
    sample.draw(ctx, 0, 0, size.width, size.height);
    drawWatermark(ctx, size.width, size.height, watermark);
    return canvas;
  };
}
