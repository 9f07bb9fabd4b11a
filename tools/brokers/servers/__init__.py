"""One module per broker (and netproxy, the proxy for delays); ALL lists them in the order `start all` and `status` use."""
from .activemq import ActiveMQ
from .artemis import Artemis
from .ferretdb import FerretDB
from .kafka import Kafka
from .mongo import Mongo
from .mosquitto import Mosquitto
from .nats import Nats
from .netproxy import NetProxy
from .pulsar import Pulsar
from .rabbitmq import RabbitMQ
from .redis import Redis
from .rocketmq import RocketMQ
from .sqs import Sqs

ALL = {cls.name: cls for cls in (Kafka, RabbitMQ, Artemis, Redis, Sqs, Mongo, FerretDB, Nats, ActiveMQ, Mosquitto, Pulsar,
                                 RocketMQ, NetProxy)}
