package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdadestinations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3notifications"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// worker is a function invoked asynchronously by events rather than by routes
// (wire.ServeWorker): S3 notifications for the media worker, queued jobs for the jobs worker.
type worker struct {
	// Name is the worker's asset folder (AssetDir/<Name>/bootstrap) and construct-id stem.
	Name     string
	MemoryMB float64
	// TimeoutSeconds bounds one run; a run that times out is retried like a failed one.
	TimeoutSeconds float64
	// FFmpeg gives the worker the ffmpeg layer (ffmpegLayer) and names its binary in FFMPEG_PATH.
	FFmpeg bool
	access
}

// The workers. Neither checks sessions, so neither reads the JWT signing key.
var (
	// mediaWorker parses every new upload, records its metadata in the Posts table and deletes
	// an upload whose bytes are not what its kind claims. 512 MB streams a 50 MB file
	// comfortably; a minute covers reading one from S3.
	mediaWorker = worker{Name: "media", MemoryMB: 512, TimeoutSeconds: 60, access: access{
		Tables: []schema.Table{schema.Posts},
		Media:  []mediaAccess{{Pattern: uploadObjects, Read: true, Delete: true}},
	}}
	// jobsWorker runs what audio, video, beat and user queue: notifying followers of a new post
	// (batched writes to the Users table, five minutes for a large following) and making its
	// listening copies with ffmpeg (reading the post's audio, writing its copies beside it under
	// media/: measured, ffmpeg transcodes a 5-minute WAV into both copies in about 12.5 s of
	// one core with at most 58 MB resident, so 1769 MB, one full vCPU, does it in about 15 s and
	// a 50 MB upload's longest audio within the timeout; /tmp's default 512 MB holds the upload
	// and its copies), removing a deleted
	// post's comments, reactions, shares and media, and erasing a deleted account (its posts and
	// files, its chat messages in the Chat table and its profile pictures under public/, and its
	// name in other accounts' ledger entries: the Ledger is only read and updated in place).
	jobsWorker = worker{Name: "jobs", MemoryMB: 1769, TimeoutSeconds: 900, FFmpeg: true, access: access{
		Tables:       []schema.Table{schema.Users, schema.Posts, schema.Chat},
		UpdateTables: []schema.Table{schema.Ledger},
		Media: []mediaAccess{{Pattern: uploadObjects, Delete: true}, {Pattern: finalObjects, Read: true, Write: true, Delete: true},
			{Pattern: publicObjects, Delete: true}},
	}}
	// reconcileWorker is the payments' reconciler (functions/reconcile), which a schedule runs
	// every reconcileEveryMinutes: it reads the ledger's pending withdrawals, asks the payment
	// provider about them and settles them, notifying their owners (Users), then credits the
	// provider's pay-ins no webhook credited (a subscription paid by link writes Users too). Two minutes cover a few
	// hundred provider calls.
	reconcileWorker = worker{Name: "reconcile", MemoryMB: 256, TimeoutSeconds: 120, access: access{
		Tables: []schema.Table{schema.Ledger, schema.Users}, PaymentProvider: true,
	}}
	workers = []worker{mediaWorker, jobsWorker, reconcileWorker}
)

// Asynchronous invocation settings of every worker. Lambda retries a failed event twice; an
// event that still fails, or waits longer than workerEventAgeHours (throttling), goes to the
// failures queue instead of being dropped.
const (
	workerRetries        = 2
	workerEventAgeHours  = 6
	failureRetentionDays = 14
)

// workerFunctions are the workers as deployed.
type workerFunctions struct {
	media, jobs, reconcile awslambda.Function
	// failures holds the events the workers gave up on, each with its error and the function
	// that failed (requestContext.functionArn), for an operator to inspect and replay.
	failures awssqs.Queue
}

// newWorkers creates the workers, their failure queue, and the media bucket's notification
// that hands every object created under schema.UploadsPrefix to the media worker.
func newWorkers(scope constructs.Construct, e functionEnv) workerFunctions {
	failures := awssqs.NewQueue(scope, jsii.String("WorkerFailures"), &awssqs.QueueProps{
		Encryption:      awssqs.QueueEncryption_SQS_MANAGED,
		EnforceSSL:      jsii.Bool(true),
		RetentionPeriod: awscdk.Duration_Days(jsii.Number(failureRetentionDays)),
	})
	onFailure := awslambdadestinations.NewSqsDestination(failures)

	layer := newFFmpegLayer(scope, e.props)
	build := func(w worker) awslambda.Function {
		vars := e.workerVariables(w)
		var layers []awslambda.ILayerVersion
		if w.FFmpeg {
			layers, vars[envFFmpegPath] = []awslambda.ILayerVersion{layer}, jsii.String(ffmpegPath)
		}
		fn := newFunction(scope, functionSpec{
			name:        w.Name,
			id:          constructID(w.Name) + "Worker",
			description: "Zuum " + w.Name + " worker",
			memoryMB:    w.MemoryMB,
			timeout:     awscdk.Duration_Seconds(jsii.Number(w.TimeoutSeconds)),
			vars:        vars,
			access:      w.access,
			layers:      layers,
		}, e)
		fn.ConfigureAsyncInvoke(&awslambda.EventInvokeConfigOptions{
			RetryAttempts: jsii.Number(workerRetries),
			MaxEventAge:   awscdk.Duration_Hours(jsii.Number(workerEventAgeHours)),
			OnFailure:     onFailure,
		})
		return fn
	}
	out := workerFunctions{media: build(mediaWorker), jobs: build(jobsWorker), reconcile: build(reconcileWorker), failures: failures}
	newReconcileSchedule(scope, out.reconcile)

	e.media.AddEventNotification(awss3.EventType_OBJECT_CREATED,
		awss3notifications.NewLambdaDestination(out.media),
		&awss3.NotificationKeyFilter{Prefix: jsii.String(schema.UploadsPrefix)})
	return out
}
