package main

import (
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
)

func TestReconciler_RunsEveryFiveMinutesWithTheProvidersKeys(t *testing.T) {
	// Given the withdrawals' reconciler
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)
	fn := workerFunction(t, raw, "reconcile")

	// Then EventBridge Scheduler invokes it every five minutes with an empty event
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::Scheduler::Schedule"), like(obj{
			"ScheduleExpression": "rate(5 minutes)",
			"State":              "ENABLED",
			"Target":             like(obj{"Arn": getAtt(fn, "Arn"), "Input": "{}"}),
		}))
	})
	// Then it is a worker with the base environment and the payment provider's address and keys
	vars := baseVars()
	vars[envFlutterwaveSecretID] = obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^FlutterwaveSecret"))}
	vars[envFlutterwaveBaseURL] = "https://api.flutterwave.com/v3"
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::Lambda::Function"), like(obj{
			"Description": "Zuum reconcile worker",
			"MemorySize":  256,
			"Timeout":     120,
			"Environment": obj{"Variables": assertions.Match_ObjectEquals(&vars)},
		}))
	})
}
