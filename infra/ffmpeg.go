package main

import (
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// The ffmpeg layer: `make build` unpacks the static arm64 ffmpeg of the npm package
// @ffmpeg-installer/linux-arm64 (pinned, its tarball's checksum checked) into
// AssetDir/ffmpegLayerDir/bin/ffmpeg, which Lambda mounts at /opt/bin/ffmpeg. The jobs worker
// runs it (FFMPEG_PATH) to make posts' listening copies.
const (
	ffmpegLayerDir = "layers/ffmpeg"
	ffmpegBinary   = ffmpegLayerDir + "/bin/ffmpeg"
	ffmpegPath     = "/opt/bin/ffmpeg"
	envFFmpegPath  = "FFMPEG_PATH"
)

// newFFmpegLayer is the layer holding ffmpeg, for arm64 functions on the OS-only runtime.
func newFFmpegLayer(scope constructs.Construct, p ZuumStackProps) awslambda.LayerVersion {
	return awslambda.NewLayerVersion(scope, jsii.String("FFmpegLayer"), &awslambda.LayerVersionProps{
		Code:                    awslambda.Code_FromAsset(jsii.String(filepath.Join(p.AssetDir, ffmpegLayerDir)), nil),
		CompatibleArchitectures: &[]awslambda.Architecture{awslambda.Architecture_ARM_64()},
		CompatibleRuntimes:      &[]awslambda.Runtime{awslambda.Runtime_PROVIDED_AL2023()},
		Description:             jsii.String("ffmpeg (static, arm64) for the jobs worker's listening copies"),
	})
}
