export {KafkaExternalService} from '@skip-adapter/kafka';
