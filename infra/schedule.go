package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsscheduler"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsschedulertargets"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// reconcileEveryMinutes is how often the withdrawals' reconciler runs. It settles only withdrawals
// pending longer than 15 minutes (payment.PendingTooLong), so a lost webhook is made good within
// 20 minutes.
const reconcileEveryMinutes = 5

// newReconcileSchedule runs fn every reconcileEveryMinutes with EventBridge Scheduler, which
// invokes it asynchronously (the worker's retries and failure queue apply) with an empty event:
// the worker's default age.
func newReconcileSchedule(scope constructs.Construct, fn awslambda.IFunction) awsscheduler.Schedule {
	return awsscheduler.NewSchedule(scope, jsii.String("ReconcileSchedule"), &awsscheduler.ScheduleProps{
		Description: jsii.String("Zuum: settle withdrawals whose transfer webhook was lost"),
		Schedule:    awsscheduler.ScheduleExpression_Rate(awscdk.Duration_Minutes(jsii.Number(reconcileEveryMinutes))),
		Target: awsschedulertargets.NewLambdaInvoke(fn, &awsschedulertargets.ScheduleTargetBaseProps{
			Input: awsscheduler.ScheduleTargetInput_FromObject(map[string]any{}),
		}),
	})
}

// workerVariables is a worker's environment: the base one, plus the payment provider's address
// and keys for a worker that calls it.
func (e functionEnv) workerVariables(w worker) map[string]*string {
	vars := e.baseVariables()
	if w.PaymentProvider {
		vars[envFlutterwaveSecretID] = e.secrets.flutterwave.SecretArn()
		vars[envFlutterwaveBaseURL] = jsii.String(e.props.FlutterwaveBaseURL)
	}
	return vars
}
