package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

func TestWorkers_RunArm64WithTheBaseEnvironmentAndTheirSizing(t *testing.T) {
	// Given the media worker (streams uploads of up to 50 MB) and the jobs worker (fan-out and
	// transcoding with ffmpeg)
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then each is a bootstrap function on Graviton with its memory and timeout, and the
	// environment shared with the route groups minus sessions, mail and jobs
	for _, c := range []struct {
		name            string
		memory, timeout int
		ffmpeg          bool
	}{{"media", 512, 60, false}, {"jobs", 1769, 900, true}} {
		t.Run(c.name, func(t *testing.T) {
			vars := baseVars()
			if c.ffmpeg {
				vars[envFFmpegPath] = ffmpegPath
			}
			expect(t, func() {
				tmpl.HasResourceProperties(jsii.String("AWS::Lambda::Function"), like(obj{
					"Description":   "Zuum " + c.name + " worker",
					"Runtime":       "provided.al2023",
					"Architectures": arr{"arm64"},
					"Handler":       "bootstrap",
					"MemorySize":    c.memory,
					"Timeout":       c.timeout,
					"Environment":   obj{"Variables": assertions.Match_ObjectEquals(&vars)},
					"LoggingConfig": like(obj{"LogGroup": assertions.Match_AnyValue()}),
				}))
			})
		})
	}
}

func TestWorkers_RetryTwiceThenSendTheEventToTheFailureQueue(t *testing.T) {
	// Given the workers, which Lambda invokes asynchronously
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)
	queue := logicalID(t, raw, "Zuum/WorkerFailures/Resource")

	// Then each retries a failed event twice, gives up on events older than six hours, and
	// sends what it gave up on to the failure queue
	for _, w := range workers {
		t.Run(w.Name, func(t *testing.T) {
			expect(t, func() {
				tmpl.HasResourceProperties(jsii.String("AWS::Lambda::EventInvokeConfig"), assertions.Match_ObjectEquals(&obj{
					"FunctionName":             obj{"Ref": workerFunction(t, raw, w.Name)},
					"Qualifier":                "$LATEST",
					"MaximumRetryAttempts":     2,
					"MaximumEventAgeInSeconds": 6 * 3600,
					"DestinationConfig":        obj{"OnFailure": obj{"Destination": getAtt(queue, "Arn")}},
				}))
			})
			// Then its role may send to that queue
			sqs := jsonString(statementsFor(roleStatements(raw, workerFunction(t, raw, w.Name)), "sqs"))
			if !strings.Contains(sqs, `"sqs:SendMessage"`) || !strings.Contains(sqs, jsonString(getAtt(queue, "Arn"))) {
				t.Errorf("queue grants %s, want sqs:SendMessage on %s", sqs, queue)
			}
		})
	}
	// Then no route group has an asynchronous invoke configuration
	expect(t, func() {
		tmpl.ResourceCountIs(jsii.String("AWS::Lambda::EventInvokeConfig"), jsii.Number(len(workers)))
	})
}

func TestWorkers_FailureQueueIsEncryptedTLSOnlyAndKeepsFourteenDays(t *testing.T) {
	// Given the queue of failed worker events
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)
	queue := logicalID(t, raw, "Zuum/WorkerFailures/Resource")

	// Then it is encrypted at rest and keeps messages for SQS's maximum of 14 days
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::SQS::Queue"), like(obj{
			"SqsManagedSseEnabled":   true,
			"MessageRetentionPeriod": 14 * 24 * 3600,
		}))
	})
	// Then its policy refuses requests not sent over TLS
	var policies []string
	for _, p := range resources(raw, "AWS::SQS::QueuePolicy") {
		if strings.Contains(jsonString(props(p)["Queues"]), queue) {
			policies = append(policies, jsonString(props(p)))
		}
	}
	if len(policies) != 1 || !strings.Contains(policies[0], `"Condition":{"Bool":{"aws:SecureTransport":"false"}},"Effect":"Deny"`) {
		t.Errorf("queue policies %v, want one denying plain HTTP", policies)
	}
}

func TestMediaBucket_NotifiesTheMediaWorkerOfNewUploadsOnly(t *testing.T) {
	// Given browsers that upload under uploads/ and a user group that writes public/
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)
	bucket := logicalID(t, raw, "Zuum/"+schema.Media.ID+"Bucket/Resource")
	media := workerFunction(t, raw, "media")

	// Then the media bucket has one notification: objects created under uploads/ invoke the
	// media worker
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("Custom::S3BucketNotifications"), like(obj{
			"BucketName": obj{"Ref": bucket},
			"NotificationConfiguration": assertions.Match_ObjectEquals(&obj{
				"LambdaFunctionConfigurations": arr{obj{
					"Events":            arr{"s3:ObjectCreated:*"},
					"Filter":            obj{"Key": obj{"FilterRules": arr{obj{"Name": "prefix", "Value": schema.UploadsPrefix}}}},
					"LambdaFunctionArn": getAtt(media, "Arn"),
				}},
			}),
		}))
	})
	expect(t, func() {
		tmpl.ResourceCountIs(jsii.String("Custom::S3BucketNotifications"), jsii.Number(1))
	})
	// Then S3 may invoke the media worker for this bucket in this account only
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::Lambda::Permission"), assertions.Match_ObjectEquals(&obj{
			"Action":        "lambda:InvokeFunction",
			"FunctionName":  getAtt(media, "Arn"),
			"Principal":     "s3.amazonaws.com",
			"SourceAccount": obj{"Ref": "AWS::AccountId"},
			"SourceArn":     getAtt(bucket, "Arn"),
		}))
	})
}

func TestWorkers_OnlyTheJobsWorkerRunsWithTheFFmpegLayer(t *testing.T) {
	// Given the ffmpeg layer, unpacked by `make build` from the npm registry's static arm64 ffmpeg
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)

	// Then there is one arm64 layer for the OS-only runtime, and only the jobs worker runs with it
	expect(t, func() {
		tmpl.ResourceCountIs(jsii.String("AWS::Lambda::LayerVersion"), jsii.Number(1))
		tmpl.HasResourceProperties(jsii.String("AWS::Lambda::LayerVersion"), like(obj{
			"CompatibleArchitectures": arr{"arm64"},
			"CompatibleRuntimes":      arr{"provided.al2023"},
		}))
	})
	layer := ""
	for id, r := range raw["Resources"].(map[string]any) {
		if r.(map[string]any)["Type"] == "AWS::Lambda::LayerVersion" {
			layer = id
		}
	}
	for id, r := range raw["Resources"].(map[string]any) {
		if r.(map[string]any)["Type"] != "AWS::Lambda::Function" {
			continue
		}
		layers, has := props(r.(map[string]any))["Layers"]
		if jobs := id == workerFunction(t, raw, "jobs"); jobs != has || has && jsonString(layers) != jsonString(arr{obj{"Ref": layer}}) {
			t.Errorf("%s: layers %s (jobs worker: %v)", id, jsonString(layers), jobs)
		}
	}
}

func TestCheckAssets_NamesTheMissingFFmpegLayer(t *testing.T) {
	// Given a build folder with every bootstrap but no ffmpeg
	dir := t.TempDir()
	for _, name := range functionNames() {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "bootstrap"), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// When the assets are checked, Then the error names the layer's binary and the make target
	err := checkAssets(dir)
	if err == nil || !strings.Contains(err.Error(), ffmpegBinary) || !strings.Contains(err.Error(), "make build") {
		t.Fatalf("checkAssets = %v", err)
	}
}
