/**
 * The S3 client of the maintenance scripts signs requests as AWS documents it (the local S3 server of the
 * other tests does not check signatures, real services do): AWS's own "GET Object" example.
 */
import { describe, expect, it } from "vitest";
import { signV4 } from "../../scripts/lib/s3.mjs";

describe("S3 request signing (AWS Signature Version 4)", () => {
  it("matches AWS's published example signature", () => {
    const config = { endpoint: "https://s3.amazonaws.com", bucket: "examplebucket", region: "us-east-1",
      accessKey: "AKIAIOSFODNN7EXAMPLE", secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", forcePathStyle: false };
    const { authorization } = signV4(config, {
      method: "GET",
      pathname: "/test.txt",
      qs: "",
      now: "20130524T000000Z",
      payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      headers: { host: "examplebucket.s3.amazonaws.com", range: "bytes=0-9" },
    });
    expect(authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});
